import type { GameTransaction } from "@croupier/contract/entities/game-transaction";
import { addAmounts } from "@croupier/contract/money";

/** One round as the history shows it: its bet, wins and rollbacks on this page folded together. */
export type HistoryRound = {
  key: string;
  round_id: string;
  game_guid: string | null;
  game_name: string | null;
  game_code: string | null;
  provider_code: string | null;
  currency_guid: string;
  stake: string;
  win: string;
  /** Balance before the round's first call and after its last one. */
  balance_before: string;
  balance_after: string;
  started_at: string;
  freespin: boolean;
  rolled_back: boolean;
  finished: boolean;
};

const text = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * Folds the page's transactions (newest first) into rounds by provider round id, keeping the
 * newest-first order of each round's latest call. A round cut by the page boundary shows the
 * calls of this page only.
 */
export function groupRounds(transactions: GameTransaction[]): HistoryRound[] {
  const rounds = new Map<string, HistoryRound>();
  // Oldest first, so balance_before is the first call's and balance_after the last one's.
  for (const t of [...transactions].reverse()) {
    const provider = text(t.info.provider_code);
    const key = `${provider ?? ""}:${t.betid}`;
    const operation = text(t.info.operation);
    const existing = rounds.get(key);
    if (!existing) {
      rounds.set(key, {
        key,
        round_id: t.betid,
        game_guid: t.game_guid,
        game_name: t.game_name,
        game_code: text(t.info.game_code),
        provider_code: provider,
        currency_guid: t.currency_guid,
        stake: t.bet_sum,
        win: t.win,
        balance_before: t.balance_before,
        balance_after: t.balance_after,
        started_at: t.created_at,
        freespin: t.freespin,
        rolled_back: operation === "rollback",
        finished: t.finish,
      });
      continue;
    }
    existing.stake = addAmounts(existing.stake, t.bet_sum);
    existing.win = addAmounts(existing.win, t.win);
    existing.balance_after = t.balance_after;
    existing.freespin ||= t.freespin;
    existing.rolled_back ||= operation === "rollback";
    existing.finished ||= t.finish;
  }
  return [...rounds.values()].reverse();
}

/**
 * The provider's public verify page for a round, when the provider has one: the house
 * provider's /house/verify looks the round up by its id and recomputes the outcome once the
 * round's server seed is revealed.
 */
export function verifyUrl(round: Pick<HistoryRound, "provider_code" | "game_code" | "round_id">): string | null {
  if (round.provider_code !== "house" || !round.game_code) return null;
  const query = new URLSearchParams({ game_code: round.game_code, round_id: round.round_id });
  return `/house/verify?${query}`;
}
