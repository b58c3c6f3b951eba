import type { Exclusion } from "@croupier/contract/entities/exclusions";
import { SELF_EXCLUSION_PERIODS, TIME_OUT_PERIODS } from "@croupier/contract/entities/exclusions";
import { ResponseError } from "@croupier/contract/api-client";
import { AlertDialog } from "radix-ui";
import { useId, useState, type FormEvent } from "react";
import { cx } from "../../lib/cx";
import { PERIOD_LABELS, startExclusion } from "./exclusions";

type Kind = "time_out" | "self_exclusion";

const KINDS: { kind: Kind; title: string; text: string; periods: readonly string[] }[] = [
  {
    kind: "time_out",
    title: "Take a time-out",
    text: "A short break from 24 hours to 6 weeks.",
    periods: TIME_OUT_PERIODS,
  },
  {
    kind: "self_exclusion",
    title: "Self-exclude",
    text: "A long break from 6 months to 5 years, or with no end date, if you feel you are losing control.",
    periods: SELF_EXCLUSION_PERIODS,
  },
];

const inputClass =
  "h-11 w-full rounded-lg border border-ink-600 bg-ink-900 px-3 text-[15px] text-white focus:border-gold-400 focus:outline-none aria-invalid:border-ruby-400";

/**
 * Choose a time-out or self-exclusion and its length, then confirm in a dialog that says it cannot
 * be undone, with the password (or, for an account without one, the email address). On success
 * the server has already ended every session: onExcluded logs this tab out.
 */
export function ExclusionForm({
  passwordless,
  onExcluded,
}: {
  passwordless: boolean;
  onExcluded: (exclusion: Exclusion) => void;
}) {
  const [kind, setKind] = useState<Kind>("time_out");
  const [period, setPeriod] = useState<string>("24h");
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const secretId = useId();
  const groupId = useId();
  const chosen = KINDS.find((k) => k.kind === kind)!;

  const choose = (next: Kind) => {
    setKind(next);
    setPeriod(KINDS.find((k) => k.kind === next)!.periods[0]!);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const exclusion = await startExclusion({ kind, period, password: secret } as Parameters<
        typeof startExclusion
      >[0]);
      setOpen(false);
      onExcluded(exclusion);
    } catch (failure) {
      setError(
        failure instanceof ResponseError
          ? failure.payload.message || "Unexpected error"
          : "No connection. Check your network and try again.",
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">Kind of break</legend>
        {KINDS.map((k) => (
          <label
            key={k.kind}
            className={cx(
              "flex cursor-pointer flex-col gap-1 rounded-xl border p-4",
              kind === k.kind ? "border-gold-400 bg-ink-800" : "border-ink-600 hover:border-ink-500",
            )}
          >
            <span className="flex items-center gap-2 font-semibold text-white">
              <input
                type="radio"
                name="exclusion-kind"
                className="accent-gold-400"
                checked={kind === k.kind}
                onChange={() => choose(k.kind)}
              />
              {k.title}
            </span>
            <span className="text-sm text-mist-400">{k.text}</span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <span id={groupId} className="text-sm font-medium text-mist-100">
          How long
        </span>
        <div role="radiogroup" aria-labelledby={groupId} className="flex flex-wrap gap-2">
          {chosen.periods.map((p) => (
            <button
              key={p}
              type="button"
              role="radio"
              aria-checked={period === p}
              onClick={() => setPeriod(p)}
              className={cx("btn-ghost h-10", period === p && "border-gold-400 text-gold-300")}
            >
              {PERIOD_LABELS[p]}
            </button>
          ))}
        </div>
      </div>
      <AlertDialog.Root
        open={open}
        onOpenChange={(next) => {
          if (busy) return;
          setOpen(next);
          setSecret("");
          setError(null);
        }}
      >
        <AlertDialog.Trigger className="btn inline-flex w-fit border border-ruby-500/60 bg-ruby-500/15 text-ruby-400 hover:bg-ruby-500/25">
          {kind === "time_out" ? "Start time-out" : "Self-exclude"}
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-overlay bg-ink-950/75 backdrop-blur-sm" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-modal w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-ink-600 bg-ink-850 p-6 shadow-2xl focus:outline-none">
            <form onSubmit={confirm} noValidate>
              <AlertDialog.Title className="text-lg font-bold text-white">
                {kind === "time_out" ? "Take a time-out" : "Self-exclude"}
                {period === "indefinite" ? " with no end date" : ` for ${PERIOD_LABELS[period]}`}?
              </AlertDialog.Title>
              <AlertDialog.Description asChild>
                <div className="mt-2 flex flex-col gap-2 text-sm text-mist-300">
                  <p className="font-semibold text-ruby-400">This cannot be undone or shortened.</p>
                  <p>
                    You will be logged out everywhere at once and cannot log in, play or deposit until it ends.
                    Promotions stop. To withdraw your remaining balance, contact support.
                  </p>
                </div>
              </AlertDialog.Description>
              <div className="mt-4 flex flex-col gap-1.5">
                <label htmlFor={secretId} className="text-sm font-medium text-mist-100">
                  {passwordless ? "Type your email address to confirm" : "Your password"}
                </label>
                <input
                  id={secretId}
                  type={passwordless ? "email" : "password"}
                  autoComplete={passwordless ? "email" : "current-password"}
                  className={inputClass}
                  value={secret}
                  onChange={(e) => setSecret(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${secretId}-error` : undefined}
                  required
                />
                {error ? (
                  <p id={`${secretId}-error`} role="alert" className="text-sm text-ruby-400">
                    {error}
                  </p>
                ) : null}
              </div>
              <div className="mt-6 flex flex-wrap justify-end gap-2">
                <AlertDialog.Cancel className="btn-ghost" disabled={busy}>
                  Cancel
                </AlertDialog.Cancel>
                <button
                  type="submit"
                  className="btn inline-flex border border-ruby-500/60 bg-ruby-500/15 text-ruby-400 hover:bg-ruby-500/25"
                  disabled={busy || secret.length === 0}
                >
                  {busy ? "Starting…" : "Yes, start it now"}
                </button>
              </div>
            </form>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
