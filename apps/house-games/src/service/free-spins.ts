import type { WalletAnswer } from "../wallet/wallet-client.ts";

/**
 * The player's granted bonus free spins in this game, as the platform's wallet answered them
 * (free_spin_count, free_spin_bet). The platform is the only authority: the provider keeps no count
 * of its own, it shows and plays what the latest answer said.
 */
export type FreeSpinsView = { available: boolean; count: number; bet: string | null };

/** At most this many spins are believed from one answer: a corrupt field never shows a huge number. */
const MAX_COUNT = 100_000;
const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;

/** The free-spin part of a wallet answer, or null when it carries none (the wallet has no free rounds set up). */
export function freeSpinsFromAnswer(answer: Pick<WalletAnswer, "free_spin_count" | "free_spin_bet">): { count: number; bet: string | null } | null {
  const count = answer.free_spin_count;
  if (typeof count !== "number" || !Number.isInteger(count) || count < 0) return null;
  const bet = typeof answer.free_spin_bet === "string" && DECIMAL.test(answer.free_spin_bet) ? answer.free_spin_bet : null;
  return { count: Math.min(count, MAX_COUNT), bet };
}

/**
 * What a session shows: spins are available only in real play of a game that can take them, with spins
 * left and a bet to play them at (a count without a bet cannot be played, so it is not offered).
 */
export function freeSpinsView(canFreeSpins: boolean, mode: "real" | "demo", state: { count: number; bet: string | null } | null): FreeSpinsView {
  if (!canFreeSpins || mode !== "real" || !state) return { available: false, count: 0, bet: null };
  const playable = state.count > 0 && state.bet !== null;
  return { available: playable, count: playable ? state.count : 0, bet: playable ? state.bet : null };
}
