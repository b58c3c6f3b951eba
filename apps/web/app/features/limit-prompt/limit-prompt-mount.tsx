import { lazy, Suspense, useState } from "react";
import { useAuth } from "../../lib/use-auth";
import { useLimitPrompt } from "./limit-prompt-api";

const LimitPromptDialog = lazy(() => import("./limit-prompt-dialog").then((m) => ({ default: m.LimitPromptDialog })));

/**
 * Opens the deposit-limit prompt for a logged-in player who has not answered it (ADR 025), where the
 * jurisdiction requires the prompt (gb): right after sign-up, and on any later visit until answered,
 * so it comes before the first deposit. Elsewhere the prompt is only offered where a page shows
 * <LimitPromptOffer />; it never interrupts. The dialog's code loads only when it opens.
 */
export function LimitPromptMount() {
  const { userId } = useAuth();
  const prompt = useLimitPrompt(userId);
  if (!userId || !prompt.data?.show || !prompt.data.required) return null;
  return (
    <Suspense fallback={null}>
      <LimitPromptDialog userId={userId} required onClose={() => undefined} />
    </Suspense>
  );
}

/** The same prompt offered in a page (profiles that do not require it): a button that opens it while unanswered. */
export function LimitPromptOffer() {
  const { userId } = useAuth();
  const prompt = useLimitPrompt(userId);
  const [open, setOpen] = useState(false);
  if (!userId || !prompt.data?.show) return null;
  return (
    <section
      aria-label="Deposit limit"
      className="flex flex-col gap-3 rounded-xl border border-ink-600 bg-ink-850 p-4 tablet:flex-row tablet:items-center tablet:justify-between"
    >
      <p className="text-sm text-mist-300">Keep your play in hand: set a deposit limit for a day, a week or a month.</p>
      <button type="button" className="btn-ghost h-10 px-4" onClick={() => setOpen(true)}>
        Set a deposit limit
      </button>
      {open ? (
        <Suspense fallback={null}>
          <LimitPromptDialog userId={userId} required={prompt.data.required} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
