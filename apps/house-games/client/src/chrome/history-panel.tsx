import { useEffect } from "react";
import { formatAmount } from "@croupier/contract/money";
import { useGame } from "../session/game-session.tsx";
import { summarizeOutcome, verifyHref } from "../lib/round-summary.ts";
import { Panel } from "./panel.tsx";
import { decimalsFor } from "./shell.tsx";

export function HistoryPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const game = useGame();
  const { history, definition, session, refreshHistory } = game;
  const decimals = decimalsFor(session.currency);
  useEffect(() => {
    if (open) void refreshHistory();
  }, [open, refreshHistory]);

  return (
    <Panel title="Round history" open={open} onClose={onClose}>
      {history.length === 0 ? (
        <p className="muted">No rounds yet in this session.</p>
      ) : (
        <div style={{ overflowX: "auto" }}>
          <table className="grid" data-testid="history">
            <thead>
              <tr>
                <th>Time</th>
                <th className="num">Stake</th>
                <th>Outcome</th>
                <th className="num">Win</th>
                <th className="num">Before</th>
                <th className="num">After</th>
                <th>Verify</th>
              </tr>
            </thead>
            <tbody>
              {history.map((round) => {
                const href = verifyHref(round.game_code, round.fairness);
                return (
                  <tr key={round.round_id}>
                    <td>{new Date(round.created_at).toLocaleTimeString()}</td>
                    <td className="num">
                      {round.is_free_spin ? "free" : formatAmount(round.stake, decimals)}
                    </td>
                    <td>
                      {round.status === "in_progress" ? "in progress" : summarizeOutcome(definition.kind, round.outcome)}
                      {round.status === "refunded" && " (refunded)"}
                    </td>
                    <td className="num">{formatAmount(round.win, decimals)}</td>
                    <td className="num">{formatAmount(round.balance_before, decimals)}</td>
                    <td className="num">{formatAmount(round.balance_after, decimals)}</td>
                    <td>
                      {href ? (
                        <a href={href} target="_blank" rel="noopener">
                          verify
                        </a>
                      ) : (
                        <span className="muted" title={`Nonce ${round.fairness.nonce}; rotate seeds to reveal the server seed`}>
                          #{round.fairness.nonce}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted">Currency: {session.currency}. Rounds become verifiable once their server seed is revealed by rotating seeds.</p>
    </Panel>
  );
}
