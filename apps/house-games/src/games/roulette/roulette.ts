import type { FairStream } from "../../fairness/rng.ts";
import { Fraction } from "../../stats/fraction.ts";

export type RouletteVariant = "european" | "french" | "american" | "mini" | "double_ball";
export type RouletteBetType =
  | "straight" | "split" | "street" | "corner" | "six_line" | "trio" | "basket" | "top_line"
  | "dozen" | "column" | "red" | "black" | "odd" | "even" | "low" | "high";
export type RouletteBet = { type: RouletteBetType; numbers?: number[]; index?: number; amount: string };

/** 00 on the American wheel is written 37. */
export const DOUBLE_ZERO = 37;

const EUROPEAN_WHEEL = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26];
const AMERICAN_WHEEL = [0, 28, 9, 26, 30, 11, 7, 20, 32, 17, 5, 22, 34, 15, 3, 24, 36, 13, 1, 37, 27, 10, 25, 29, 12, 8, 19, 31, 18, 6, 21, 33, 16, 4, 23, 35, 14, 2];
const MINI_WHEEL = [0, 5, 12, 3, 10, 1, 8, 7, 2, 11, 4, 9, 6];
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const MINI_RED = new Set([1, 3, 5, 7, 9, 11]);

export type RouletteTable = {
  variant: RouletteVariant;
  /** Pockets in wheel order. */
  wheel: number[];
  /** Highest number on the layout (36, or 12 on mini). */
  top: number;
  red: Set<number>;
  /** Legal inside bets: type → list of sorted number sets. */
  inside: Map<RouletteBetType, number[][]>;
  laPartage: boolean;
  balls: number;
};

export function rouletteTable(variant: RouletteVariant): RouletteTable {
  const top = variant === "mini" ? 12 : 36;
  const inside = new Map<RouletteBetType, number[][]>();
  const add = (type: RouletteBetType, numbers: number[]) => {
    const list = inside.get(type) ?? [];
    list.push([...numbers].sort((a, b) => a - b));
    inside.set(type, list);
  };
  for (let n = 0; n <= top; n += 1) add("straight", [n]);
  if (variant === "american") add("straight", [DOUBLE_ZERO]);
  const rows = top / 3;
  for (let row = 0; row < rows; row += 1) {
    const a = row * 3 + 1;
    add("street", [a, a + 1, a + 2]);
    add("split", [a, a + 1]);
    add("split", [a + 1, a + 2]);
    if (row + 1 < rows) {
      for (let c = 0; c < 3; c += 1) add("split", [a + c, a + c + 3]);
      add("corner", [a, a + 1, a + 3, a + 4]);
      add("corner", [a + 1, a + 2, a + 4, a + 5]);
      add("six_line", [a, a + 1, a + 2, a + 3, a + 4, a + 5]);
    }
  }
  if (variant === "american") {
    add("split", [0, 1]);
    add("split", [0, 2]);
    add("split", [DOUBLE_ZERO, 2]);
    add("split", [DOUBLE_ZERO, 3]);
    add("split", [0, DOUBLE_ZERO]);
    add("trio", [0, 1, 2]);
    add("trio", [0, DOUBLE_ZERO, 2]);
    add("trio", [DOUBLE_ZERO, 2, 3]);
    add("top_line", [0, DOUBLE_ZERO, 1, 2, 3]);
  } else {
    for (const n of [1, 2, 3]) add("split", [0, n]);
    add("trio", [0, 1, 2]);
    add("trio", [0, 2, 3]);
    add("basket", [0, 1, 2, 3]);
  }
  const wheel = variant === "american" ? AMERICAN_WHEEL : variant === "mini" ? MINI_WHEEL : EUROPEAN_WHEEL;
  return {
    variant,
    wheel,
    top,
    red: variant === "mini" ? MINI_RED : RED,
    inside,
    laPartage: variant === "french",
    balls: variant === "double_ball" ? 2 : 1,
  };
}

/** The numbers a bet covers, or null when it is not a legal bet on this table. */
export function coveredNumbers(table: RouletteTable, bet: Omit<RouletteBet, "amount">): number[] | null {
  const all = Array.from({ length: table.top }, (_, i) => i + 1);
  switch (bet.type) {
    case "red": return all.filter((n) => table.red.has(n));
    case "black": return all.filter((n) => !table.red.has(n));
    case "odd": return all.filter((n) => n % 2 === 1);
    case "even": return all.filter((n) => n % 2 === 0);
    case "low": return all.filter((n) => n <= table.top / 2);
    case "high": return all.filter((n) => n > table.top / 2);
    case "dozen":
      if (table.top !== 36 || !bet.index || bet.index < 1 || bet.index > 3) return null;
      return all.filter((n) => Math.ceil(n / 12) === bet.index);
    case "column":
      if (!bet.index || bet.index < 1 || bet.index > 3) return null;
      return all.filter((n) => ((n - 1) % 3) + 1 === bet.index);
    default: {
      const wanted = [...(bet.numbers ?? [])].sort((a, b) => a - b).join(",");
      const match = table.inside.get(bet.type)?.find((numbers) => numbers.join(",") === wanted);
      return match ?? null;
    }
  }
}

const EVEN_MONEY = new Set<RouletteBetType>(["red", "black", "odd", "even", "low", "high"]);

/**
 * What one unit staked returns (stake included) when `pocket` comes up:
 * a bet covering k of the layout's `top` numbers pays top/k − 1 to 1
 * (35:1 straight on 36 numbers, 11:1 on mini); the American top line pays 6:1.
 * La partage (French): an even-money bet gets half back on zero.
 */
export function returnPerUnit(table: RouletteTable, bet: Omit<RouletteBet, "amount">, covered: number[], pocket: number): Fraction {
  if (covered.includes(pocket)) {
    if (bet.type === "top_line") return new Fraction(7);
    return new Fraction(table.top, covered.length);
  }
  if (pocket === 0 && table.laPartage && EVEN_MONEY.has(bet.type)) return new Fraction(1, 2);
  return Fraction.ZERO;
}

/** Payout odds "n to 1" as shown on the board. */
export function payoutOdds(table: RouletteTable, bet: Omit<RouletteBet, "amount">, covered: number[]): string {
  return returnPerUnit(table, bet, covered, covered[0]!).sub(Fraction.ONE).toDecimal(0);
}

export function drawRoulette(table: RouletteTable, stream: FairStream): number[] {
  return Array.from({ length: table.balls }, () => table.wheel[stream.nextInt(table.wheel.length)]!);
}

/** Exact RTP of one bet: average return over every pocket (each ball settles half the stake on double ball). */
export function rouletteBetRtp(table: RouletteTable, bet: Omit<RouletteBet, "amount">): Fraction {
  const covered = coveredNumbers(table, bet);
  if (!covered) throw new Error(`illegal bet ${bet.type}`);
  let total = Fraction.ZERO;
  for (const pocket of table.wheel) total = total.add(returnPerUnit(table, bet, covered, pocket));
  return total.div(table.wheel.length);
}

export function pocketColor(table: RouletteTable, pocket: number): "green" | "red" | "black" {
  if (pocket === 0 || pocket === DOUBLE_ZERO) return "green";
  return table.red.has(pocket) ? "red" : "black";
}

export function pocketLabel(pocket: number): string {
  return pocket === DOUBLE_ZERO ? "00" : String(pocket);
}
