import type { GameKind } from "../api/types.ts";

type Loose = Record<string, unknown>;
const list = (value: unknown): unknown[] | null => (Array.isArray(value) ? value : null);
const cardsOf = (hands: unknown): unknown[] => (list(hands) ?? []).map((hand) => (hand as Loose | null)?.cards ?? hand);

/**
 * The part of an outcome the RNG decided (reel stops, pockets, roll, dice,
 * cards), as a comparable string: what the verify page checks between the
 * outcome the provider stored and the one recomputed from the revealed seed.
 * Amounts are left out on purpose: a recompute is priced per 1.00 staked.
 * Null when the outcome carries no draw (not played yet, unknown shape).
 */
export function drawFingerprint(kind: GameKind, outcome: Loose | null | undefined): string | null {
  if (!outcome) return null;
  switch (kind) {
    case "slot": {
      if (!list(outcome.stops)) return null;
      const free = (list((outcome.free_spins as Loose | null)?.spins) ?? []).map((spin) => (spin as Loose).stops);
      return JSON.stringify({ stops: outcome.stops, free_spins: free });
    }
    case "roulette":
    case "live_roulette": {
      const pockets = list(outcome.pockets) ?? (outcome.pocket !== undefined ? [outcome.pocket] : null);
      return pockets ? JSON.stringify({ pockets: pockets.map(String) }) : null;
    }
    case "dice":
      return outcome.roll === undefined ? null : JSON.stringify({ roll: String(outcome.roll) });
    case "dice_table":
    case "live_dice":
      return list(outcome.dice) ? JSON.stringify({ dice: outcome.dice }) : null;
    case "blackjack":
    case "live_blackjack": {
      // A live table's result names its one seat "hand" with the cards of each hand played.
      const dealer = (outcome.dealer as Loose | undefined)?.cards;
      const hands = list(outcome.hands) ? cardsOf(outcome.hands) : list((outcome.hand as Loose | undefined)?.cards);
      return list(dealer) && hands ? JSON.stringify({ dealer, hands }) : null;
    }
  }
}
