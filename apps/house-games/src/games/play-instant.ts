import { z } from "zod";
import { multiplyUnits, roundUnits, toFixedAmount, toUnits, type Units } from "@croupier/contract/money";
import { FairStream, type SeedTriple } from "../fairness/rng.ts";
import { decimalInput, DECIMAL_INPUT } from "../http/input.ts";
import { Fraction } from "../stats/fraction.ts";
import { drawDice } from "./dice/dice-table.ts";
import { drawTargetDice, isWin, rollValue, targetMultiplier, winningOutcomes } from "./dice/target-dice.ts";
import type { HouseGame } from "./game-catalog.ts";
import { coveredNumbers, drawRoulette, pocketColor, pocketLabel, returnPerUnit, type RouletteBetType } from "./roulette/roulette.ts";
import { drawSlot, evaluateSlotDraw, type SlotDraw } from "./slot/play-slot.ts";

export class GameRuleError extends Error {
  constructor(
    readonly code: "INVALID_BET" | "VALIDATION_ERROR",
    message: string,
    /** The offending input, from the play request's root: ["stake"] or ["params", "bets", 0, "amount"]. */
    readonly path: (string | number)[] | null = null,
  ) {
    super(message);
  }
}

const amount = decimalInput;
export const rouletteBetSchema = z.object({
  type: z.enum(["straight", "split", "street", "corner", "six_line", "trio", "basket", "top_line", "dozen", "column", "red", "black", "odd", "even", "low", "high"]),
  numbers: z.array(z.number().int().min(0).max(37)).max(6).optional(),
  index: z.number().int().min(1).max(3).optional(),
  amount,
});
export const roulettePlaySchema = z.object({ bets: z.array(rouletteBetSchema).min(1).max(60) });
export const diceTablePlaySchema = z.object({ bets: z.array(z.object({ type: z.string().max(32), amount })).min(1).max(40) });
export const targetDicePlaySchema = z.object({ target: z.string().max(8).regex(/^\d{1,3}(?:\.\d{1,2})?$/, "a target such as 49.50"), direction: z.enum(["over", "under"]) });

/**
 * A staked position: what is at risk, in the order the client sent it, and
 * the round's parameters as validated (unknown keys dropped): only these are
 * stored, never the raw request.
 */
export type Stake = { total: Units; parts: { params: Record<string, unknown>; amount: Units }[]; params: Record<string, unknown> };

/** The first problem of a failed parse, as a rule error naming the field under "params". */
function invalidParams(error: z.ZodError, message: string): GameRuleError {
  const issue = error.issues[0];
  return new GameRuleError("VALIDATION_ERROR", issue ? `${message}: ${issue.message}` : message, ["params", ...(issue?.path ?? []).map((key) => (typeof key === "number" ? key : String(key)))]);
}

/** Validates the round's parameters against the game's rules and works out the total stake (no RNG involved). */
export function stakeOf(game: HouseGame, params: unknown, stake: string | undefined, decimals: number): Stake {
  const checkAmount = (value: string, path: (string | number)[]) => {
    if (!DECIMAL_INPUT.test(value)) throw new GameRuleError("VALIDATION_ERROR", "a decimal amount without sign or exponent, such as 1.50", path);
    const units = toUnits(value);
    if (units <= 0n) throw new GameRuleError("INVALID_BET", "Stakes must be positive.", path);
    if (roundUnits(units, decimals, "trunc") !== units) {
      throw new GameRuleError("INVALID_BET", `At most ${decimals} decimals.`);
    }
    return units;
  };
  switch (game.kind) {
    case "roulette":
    case "live_roulette": {
      const parsed = roulettePlaySchema.safeParse(params);
      if (!parsed.success) throw invalidParams(parsed.error, "bets: a list of roulette bets");
      const parts = parsed.data.bets.map((bet, i) => {
        if (!coveredNumbers(game.roulette, bet)) throw new GameRuleError("INVALID_BET", `Not a legal ${bet.type} bet on this table.`, ["params", "bets", i]);
        return { params: bet, amount: checkAmount(bet.amount, ["params", "bets", i, "amount"]) };
      });
      return { total: parts.reduce((sum, part) => sum + part.amount, 0n), parts, params: { bets: parsed.data.bets } };
    }
    case "dice_table":
    case "live_dice": {
      const parsed = diceTablePlaySchema.safeParse(params);
      if (!parsed.success) throw invalidParams(parsed.error, "bets: a list of dice bets");
      const parts = parsed.data.bets.map((bet, i) => {
        if (!game.table.bets.some((type) => type.type === bet.type)) throw new GameRuleError("INVALID_BET", `No bet ${bet.type} at this table.`, ["params", "bets", i, "type"]);
        return { params: bet, amount: checkAmount(bet.amount, ["params", "bets", i, "amount"]) };
      });
      return { total: parts.reduce((sum, part) => sum + part.amount, 0n), parts, params: { bets: parsed.data.bets } };
    }
    case "dice": {
      const parsed = targetDicePlaySchema.safeParse(params);
      if (!parsed.success) throw invalidParams(parsed.error, "a target and a direction (over or under)");
      if (winningOutcomes(game.dice, parsed.data) === null) throw new GameRuleError("INVALID_BET", "Choose a target within the allowed chance.", ["params", "target"]);
      if (!stake) throw new GameRuleError("VALIDATION_ERROR", "stake is required", ["stake"]);
      const units = checkAmount(stake, ["stake"]);
      return { total: units, parts: [{ params: parsed.data, amount: units }], params: parsed.data };
    }
    default: {
      if (!stake) throw new GameRuleError("VALIDATION_ERROR", "stake is required", ["stake"]);
      const units = checkAmount(stake, ["stake"]);
      return { total: units, parts: [{ params: {}, amount: units }], params: {} };
    }
  }
}

export type InstantDraw = { stops?: SlotDraw; pockets?: number[]; roll?: number; dice?: number[] };

/** The RNG result of a round. It depends only on the seeds and the game, never on the stake. */
export function drawInstant(game: HouseGame, seeds: SeedTriple): InstantDraw {
  const stream = new FairStream(seeds);
  switch (game.kind) {
    case "slot":
      return { stops: drawSlot(game.slot, stream) };
    case "roulette":
    case "live_roulette":
      return { pockets: drawRoulette(game.roulette, stream) };
    case "dice":
      return { roll: drawTargetDice(game.dice, stream) };
    case "dice_table":
    case "live_dice":
      return { dice: drawDice(game.table, stream) };
    default:
      throw new Error(`${game.kind} is not an instant game`);
  }
}

export type InstantSettlement = { win: Units; outcome: Record<string, unknown> };

/** Pays a drawn round: money = stake × the rules' return, floored to the currency's decimals. */
export function settleInstant(game: HouseGame, draw: InstantDraw, stake: Stake, decimals: number): InstantSettlement {
  const money = (units: Units) => toFixedAmount(units, decimals, "trunc");
  switch (game.kind) {
    case "slot": {
      const result = evaluateSlotDraw(game.slot, draw.stops!);
      const perStake = game.slot.creditsPerStake;
      const unit = stake.total;
      const pay = (credits: number) => multiplyUnits(unit, new Fraction(credits, perStake), decimals, "trunc");
      const spin = (evaluation: typeof result.base, multiplier = 1) => ({
        stops: evaluation.stops,
        grid: evaluation.grid,
        wins: [
          ...evaluation.lineWins.map((win) => ({ ...(win.line ? { line: win.line } : { ways: win.ways }), symbol: win.symbol, count: win.count, win: money(pay(win.credits * multiplier)) })),
          ...(evaluation.scatter ? [{ scatter: true, symbol: evaluation.scatter.symbol, count: evaluation.scatter.count, win: money(pay(evaluation.scatter.stakeMultiple * perStake * multiplier)) }] : []),
        ],
        win: money(pay(evaluation.creditsWon * multiplier)),
      });
      const free = result.freeSpins.map((evaluation) => spin(evaluation, game.slot.freeSpins.multiplier));
      const win = pay(result.credits);
      const base = spin(result.base);
      return {
        win,
        outcome: {
          ...base,
          free_spins: free.length
            ? { awarded: free.length, multiplier: String(game.slot.freeSpins.multiplier), spins: free, win: money(pay(result.credits - result.base.creditsWon)) }
            : null,
        },
      };
    }
    case "roulette":
    case "live_roulette": {
      const pockets = draw.pockets!;
      let total = 0n;
      const bets = stake.parts.map((part) => {
        const bet = part.params as { type: RouletteBetType; numbers?: number[]; index?: number };
        const covered = coveredNumbers(game.roulette, bet)!;
        // Double ball: each ball settles half of the stake.
        const share = new Fraction(1, pockets.length);
        let returned = Fraction.ZERO;
        for (const pocket of pockets) returned = returned.add(returnPerUnit(game.roulette, bet, covered, pocket).mul(share));
        const win = multiplyUnits(part.amount, returned, decimals, "trunc");
        total += win;
        return { ...bet, amount: money(part.amount), win: money(win) };
      });
      return {
        win: total,
        outcome: {
          pocket: pocketLabel(pockets[0]!),
          pockets: pockets.map(pocketLabel),
          color: pocketColor(game.roulette, pockets[0]!),
          colors: pockets.map((pocket) => pocketColor(game.roulette, pocket)),
          bets,
        },
      };
    }
    case "dice": {
      const bet = stake.parts[0]!.params as { target: string; direction: "over" | "under" };
      const wins = winningOutcomes(game.dice, bet)!;
      const multiplier = targetMultiplier(game.dice, wins);
      const won = isWin(game.dice, bet, draw.roll!);
      const win = won ? multiplyUnits(stake.total, multiplier, decimals, "trunc") : 0n;
      return {
        win,
        outcome: { roll: rollValue(game.dice, draw.roll!), target: bet.target, direction: bet.direction, multiplier: multiplier.toDecimal(4), chance: new Fraction(wins * 100, game.dice.outcomes).toDecimal(2), won },
      };
    }
    case "dice_table":
    case "live_dice": {
      const dice = draw.dice!;
      let total = 0n;
      const bets = stake.parts.map((part) => {
        const bet = part.params as { type: string };
        const type = game.table.bets.find((candidate) => candidate.type === bet.type)!;
        const win = multiplyUnits(part.amount, type.returns(dice), decimals, "trunc");
        total += win;
        return { type: bet.type, amount: money(part.amount), win: money(win) };
      });
      return { win: total, outcome: { dice, total: dice.reduce((a, b) => a + b, 0), bets } };
    }
    default:
      throw new Error(`${game.kind} is not an instant game`);
  }
}
