import { z } from "zod";
import { hashServerSeed } from "../fairness/rng.ts";
import { applyAction, CardSource, deal, type PlayerAction } from "../games/blackjack/blackjack-play.ts";
import { handTotal } from "../games/blackjack/blackjack-rules.ts";
import { findGame } from "../games/game-catalog.ts";
import { drawInstant, GameRuleError, settleInstant, stakeOf } from "../games/play-instant.ts";
import { ruleRefusal } from "../http/input.ts";
import { HouseError } from "./house-error.ts";

export const verifyBody = z.object({
  game_code: z.string().min(1).max(128),
  server_seed: z.string().min(1).max(128),
  client_seed: z.string().min(1).max(64),
  nonce: z.number().int().min(0).max(2 ** 31),
  params: z.record(z.string(), z.unknown()).default({}),
  actions: z.array(z.enum(["hit", "stand", "double", "split", "insurance", "no_insurance", "surrender"])).max(40).default([]),
});

/**
 * Recomputes a round from its seeds with the very code that played it.
 * Amounts are for a stake of 1.00 (per bet where the params carry amounts).
 */
export function verifyRound(input: z.infer<typeof verifyBody>) {
  const game = findGame(input.game_code);
  if (!game) throw new HouseError("NOT_FOUND", "No such game.", 404);
  const seeds = { serverSeed: input.server_seed, clientSeed: input.client_seed, nonce: input.nonce };
  const base = { server_seed_hash: hashServerSeed(input.server_seed), game_code: game.code };
  if (game.kind === "blackjack" || game.kind === "live_blackjack") {
    const hands = input.params.hands ?? 1;
    // A round is dealt 1 to maxHands hands; anything else is a 400 (a huge count was a 500 after a long allocation).
    if (typeof hands !== "number" || !Number.isInteger(hands) || hands < 1 || hands > game.rules.maxHands) {
      throw ruleRefusal(new GameRuleError("VALIDATION_ERROR", `a whole number of hands from 1 to ${game.rules.maxHands}`, ["params", "hands"]), "body");
    }
    const source = new CardSource(seeds);
    let state = deal(source, hands);
    for (const action of input.actions) {
      try {
        state = applyAction(game.rules, source, state, action as PlayerAction);
      } catch {
        throw new HouseError("ILLEGAL_ACTION", `${action} was not possible at that point.`, 422);
      }
    }
    return {
      ...base,
      outcome: {
        dealer: { cards: state.dealer, total: handTotal(state.dealer).total },
        hands: state.hands.map((hand) => ({ cards: hand.cards, total: handTotal(hand.cards).total, result: hand.result, returns: hand.returns, doubled: hand.units === 2 })),
        phase: state.phase,
      },
    };
  }
  try {
    const stake = stakeOf(game, input.params, "1.00", 8);
    return { ...base, outcome: settleInstant(game, drawInstant(game, seeds), stake, 8).outcome };
  } catch (error) {
    if (error instanceof GameRuleError) throw ruleRefusal(error, "body");
    throw error;
  }
}
