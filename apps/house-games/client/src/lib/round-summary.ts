import type { BlackjackOutcome, DiceOutcome, DiceTableOutcome, GameKind, RouletteOutcome, SlotOutcome } from "../api/types.ts";

/** One line describing a round's outcome for the history list, from the outcome the API stored. */
export function summarizeOutcome(kind: GameKind, outcome: Record<string, unknown>): string {
  switch (kind) {
    case "slot": {
      const o = outcome as Partial<SlotOutcome>;
      const wins = Array.isArray(o.wins) ? o.wins.length : 0;
      const fs = o.free_spins ? ` · ${o.free_spins.awarded} free spins` : "";
      return `${wins === 0 ? "No win" : `${wins} ${wins === 1 ? "win" : "wins"}`}${fs}`;
    }
    case "roulette":
    case "live_roulette": {
      const o = outcome as Partial<RouletteOutcome>;
      const pockets = o.pockets ?? (o.pocket !== undefined ? [o.pocket] : []);
      return pockets.length ? `Ball on ${pockets.join(" and ")}${o.color ? ` (${o.color})` : ""}` : "–";
    }
    case "dice": {
      const o = outcome as Partial<DiceOutcome>;
      return o.roll !== undefined ? `Rolled ${o.roll}, ${o.direction} ${o.target}` : "–";
    }
    case "dice_table":
    case "live_dice": {
      const o = outcome as Partial<DiceTableOutcome>;
      return Array.isArray(o.dice) ? `Dice ${o.dice.join("·")} = ${o.total ?? o.dice.reduce((a, b) => a + b, 0)}` : "–";
    }
    case "blackjack":
    case "live_blackjack": {
      const o = outcome as Partial<BlackjackOutcome>;
      const hands = Array.isArray(o.hands) ? o.hands : [];
      const results = hands.map((h) => `${h.total}${h.result ? ` ${h.result}` : ""}`).join(", ");
      const dealer = o.dealer ? `dealer ${o.dealer.total}` : "";
      return [results && `hand ${results}`, dealer].filter(Boolean).join(" vs ") || "–";
    }
  }
}

/** The public verify page address for a round whose server seed has been revealed. */
export function verifyHref(gameCode: string, fairness: { server_seed: string | null; client_seed: string; nonce: number }): string | null {
  if (!fairness.server_seed) return null;
  const query = new URLSearchParams({
    game_code: gameCode,
    server_seed: fairness.server_seed,
    client_seed: fairness.client_seed,
    nonce: String(fairness.nonce),
  });
  return `/house/verify?${query}`;
}
