import { useQueryClient } from "@tanstack/react-query";
import { ResponseError } from "@croupier/contract/api-client";
import { AlertDialog } from "radix-ui";
import { useEffect, useState } from "react";
import { cx } from "../../lib/cx";
import { toastError } from "../../lib/toasts";
import {
  answerRealityCheck,
  formatElapsed,
  realityCheckSummaryQueryOptions,
  useRealityCheckSummary,
} from "./reality-check-api";

// setTimeout holds at most 2^31-1 ms; a longer wait is re-armed when the summary is read again.
const MAX_WAIT_MS = 2_147_000_000;

/**
 * The reality check over the game (PLAYER_PROTECTION 18): when the player's interval has passed, a
 * dialog covers the game with the time played and the net result since login, and asks "Continue"
 * or "Leave". The pause is real: the server refuses bets until it is answered (ADR 022); the overlay
 * also keeps clicks off the game frame. Escape does not dismiss it: it needs an answer.
 */
export function RealityCheckDialog({ userId, onLeave }: { userId: string | null; onLeave: () => void }) {
  const summary = useRealityCheckSummary(userId);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const options = realityCheckSummaryQueryOptions(userId);
  const nextDue = summary.data?.due ? null : summary.data?.next_due_at;

  // Read the summary again when the next check falls due.
  useEffect(() => {
    if (!nextDue) return;
    const wait = Math.min(Math.max(new Date(nextDue).getTime() - Date.now(), 0) + 500, MAX_WAIT_MS);
    const timer = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: options.queryKey }), wait);
    return () => window.clearTimeout(timer);
  }, [nextDue, queryClient, options.queryKey]);

  const answer = async (action: "continue" | "leave") => {
    setBusy(true);
    try {
      queryClient.setQueryData(options.queryKey, await answerRealityCheck(action));
      if (action === "leave") onLeave();
    } catch (failure) {
      // 409: answered in another tab already; read the state again.
      if (failure instanceof ResponseError && failure.status === 409)
        void queryClient.invalidateQueries({ queryKey: options.queryKey });
      else if (!(failure instanceof ResponseError && failure.handled))
        toastError("No connection. Check your network and try again.");
    } finally {
      setBusy(false);
    }
  };

  const data = summary.data;
  if (!data?.due) return null;
  return (
    <AlertDialog.Root open>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-overlay bg-ink-950/80 backdrop-blur-sm" />
        <AlertDialog.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-modal w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-ink-600 bg-ink-850 p-6 shadow-2xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-bold text-white">Reality check</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-mist-300">
            The game is paused. Here is your play since you logged in.
          </AlertDialog.Description>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-mist-400">Time played</dt>
            <dd className="text-right font-semibold text-white">{formatElapsed(data.elapsed_seconds)}</dd>
            {data.results.length === 0 ? (
              <>
                <dt className="text-mist-400">Net result</dt>
                <dd className="text-right font-semibold text-white">No bets yet</dd>
              </>
            ) : (
              data.results.map((r) => (
                <div key={r.currency} className="contents">
                  <dt className="text-mist-400">Net result ({r.currency})</dt>
                  <dd
                    className={cx(
                      "text-right font-semibold",
                      r.net.startsWith("-") ? "text-ruby-400" : "text-felt-400",
                    )}
                  >
                    {r.net.startsWith("-") ? r.net : `+${r.net}`} {r.currency}
                    <span className="block text-xs font-normal text-mist-400">
                      staked {r.stakes}, won {r.wins}
                    </span>
                  </dd>
                </div>
              ))
            )}
          </dl>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-ghost" disabled={busy} onClick={() => void answer("leave")}>
              Leave
            </button>
            <button type="button" className="btn-primary" disabled={busy} onClick={() => void answer("continue")}>
              Continue
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
