import type { MiningSettings } from "@croupier/contract/backoffice/loyalty";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { ErrorState, LoadingBlock } from "../../components/states";
import { formatDateTime } from "../../lib/format-date-time";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { useMiningSettings, useSaveMiningSettings } from "./mining-settings-api";

/** Coin mining: base speeds, accrual period, activity window and how long after the last stake a player mines. */
export function MiningSettingsForm() {
  const settings = useMiningSettings();
  return (
    <section aria-labelledby="mining-settings" className="space-y-3">
      <h2 id="mining-settings" className="text-lg font-semibold text-slate-900">
        Coin mining
      </h2>
      {settings.isPending ? (
        <LoadingBlock label="Loading the mining settings" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm key={settings.data.updated_at} settings={settings.data} />
      )}
    </section>
  );
}

function SettingsForm({ settings }: { settings: MiningSettings }) {
  const [values, setValues] = useState(() => ({
    active_speed_per_hour: settings.active_speed_per_hour,
    passive_speed_per_hour: settings.passive_speed_per_hour,
    accrual_period_hours: settings.accrual_period_hours,
    activity_window_seconds: String(settings.activity_window_seconds),
    mining_active_days: String(settings.mining_active_days),
  }));
  const save = useSaveMiningSettings();
  const errors = save.isError ? fieldErrorsOf(save.error) : {};
  const set = (key: keyof typeof values, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        active_speed_per_hour: values.active_speed_per_hour.trim(),
        passive_speed_per_hour: values.passive_speed_per_hour.trim(),
        accrual_period_hours: values.accrual_period_hours.trim(),
        activity_window_seconds: Number(values.activity_window_seconds),
        mining_active_days: Number(values.mining_active_days),
      },
      { onSuccess: () => toast.success("Mining settings saved. They apply from the next accrual.") },
    );
  };
  const fieldErrorShown = Object.keys(values).some((k) => errors[k]);
  return (
    <form onSubmit={submit} className="grid max-w-3xl gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2" noValidate>
      <TextField label="Active speed (coins per hour)" inputMode="decimal" maxLength={20} value={values.active_speed_per_hour} onChange={(e) => set("active_speed_per_hour", e.target.value)} error={errors.active_speed_per_hour} hint="While the player has staked within the activity window." />
      <TextField label="Passive speed (coins per hour)" inputMode="decimal" maxLength={20} value={values.passive_speed_per_hour} onChange={(e) => set("passive_speed_per_hour", e.target.value)} error={errors.passive_speed_per_hour} hint="Otherwise, for players who played recently." />
      <TextField label="Accrual period (hours)" inputMode="decimal" maxLength={10} value={values.accrual_period_hours} onChange={(e) => set("accrual_period_hours", e.target.value)} error={errors.accrual_period_hours} hint="Coins are credited once per period (0.001 to 720; fractions allowed)." />
      <TextField label="Activity window (seconds)" type="number" min={10} max={86400} value={values.activity_window_seconds} onChange={(e) => set("activity_window_seconds", e.target.value)} error={errors.activity_window_seconds} hint="A stake this recent counts as playing." />
      <TextField label="Mining days after the last stake" type="number" min={1} max={365} value={values.mining_active_days} onChange={(e) => set("mining_active_days", e.target.value)} error={errors.mining_active_days} hint="Players idle longer mine nothing (and cost nothing)." />
      <div className="flex flex-col justify-end gap-2 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-500">Last changed {formatDateTime(settings.updated_at)}. Speeds are multiplied by the level's and the best segment's multiplier.</p>
        <Button type="submit" busy={save.isPending}>
          Save mining settings
        </Button>
      </div>
      {save.isError && !isHandled(save.error) && !fieldErrorShown ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {errorMessageOf(save.error)}
        </p>
      ) : null}
    </form>
  );
}
