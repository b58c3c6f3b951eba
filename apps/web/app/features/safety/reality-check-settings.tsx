import { useQueryClient } from "@tanstack/react-query";
import { ResponseError } from "@croupier/contract/api-client";
import { useId, useState } from "react";
import { toastError, toastSuccess } from "../../lib/toasts";
import {
  intervalLabel,
  realityCheckSettingQueryOptions,
  saveRealityCheckInterval,
  useRealityCheckSetting,
} from "./reality-check-setting";

/** How often a reality check interrupts play; "off" is offered only where the jurisdiction allows it. */
export function RealityCheckSettings({ userId }: { userId: string | null }) {
  const setting = useRealityCheckSetting(userId);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const id = useId();

  if (setting.isPending)
    return <div className="h-11 w-64 animate-pulse rounded-lg bg-ink-700" aria-busy="true" aria-label="Loading" />;
  if (setting.isError) return <p className="text-sm text-ruby-400">The reality check setting could not be loaded.</p>;

  const change = async (minutes: number) => {
    setBusy(true);
    try {
      const saved = await saveRealityCheckInterval(minutes);
      queryClient.setQueryData(realityCheckSettingQueryOptions(userId).queryKey, saved);
      toastSuccess(
        minutes === 0 ? "Reality checks are off." : `Reality check: ${intervalLabel(minutes).toLowerCase()}.`,
      );
    } catch (failure) {
      if (!(failure instanceof ResponseError && failure.handled))
        toastError(failure instanceof ResponseError ? failure.message : "No connection.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-mist-100">
        Reminder while you play
      </label>
      <select
        id={id}
        className="h-11 w-full max-w-xs rounded-lg border border-ink-600 bg-ink-900 px-3 text-[15px] text-white focus:border-gold-400 focus:outline-none"
        value={setting.data.interval_minutes}
        disabled={busy}
        onChange={(e) => void change(Number(e.target.value))}
      >
        {setting.data.choices.map((m) => (
          <option key={m} value={m}>
            {intervalLabel(m)}
            {m === setting.data.default_minutes ? " (default)" : ""}
          </option>
        ))}
      </select>
      <p className="text-sm text-mist-400">
        The game pauses and shows how long you have played and your result since you logged in.
        {setting.data.may_turn_off ? "" : " It cannot be turned off here."}
      </p>
    </div>
  );
}
