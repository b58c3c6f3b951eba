/**
 * The European roulette table in logical coordinates. The board is twelve "streets" (rows of
 * three numbers: street s holds 3s+1, 3s+2, 3s+3) plus the zero. Every place a chip can go is a
 * cell; a cell maps to exactly one bet with the numbers it covers. The drawing (horizontal on
 * wide screens, vertical on phones) only decides where the cells sit.
 */
export type RouletteBetKind =
  | "straight"
  | "split"
  | "street"
  | "corner"
  | "six_line"
  | "trio"
  | "basket"
  | "top_line"
  | "dozen"
  | "column"
  | "red"
  | "black"
  | "odd"
  | "even"
  | "low"
  | "high";

export type RouletteBet = { kind: RouletteBetKind; numbers: number[] };

/** A bet as the provider API takes it (client-api.md §5): inside bets list their numbers, dozens and columns an index. */
export type ApiRouletteBet = { type: RouletteBetKind; amount: string; numbers?: number[]; index?: 1 | 2 | 3 };

export type BoardCell =
  | { zone: "number"; n: number }
  /** Between n and n + 1 in the same street. */
  | { zone: "split-in-street"; n: number }
  /** Between n and n + 3 in the next street. */
  | { zone: "split-across"; n: number }
  | { zone: "street"; street: number }
  /** Where n, n + 1, n + 3 and n + 4 meet. */
  | { zone: "corner"; n: number }
  /** Between street s and s + 1: the six numbers of both. */
  | { zone: "line"; street: number }
  | { zone: "zero-split"; n: 1 | 2 | 3 }
  | { zone: "trio"; n: 1 | 2 }
  | { zone: "first-four" }
  | { zone: "dozen"; dozen: 1 | 2 | 3 }
  | { zone: "column"; column: 1 | 2 | 3 }
  | { zone: "outside"; kind: "red" | "black" | "odd" | "even" | "low" | "high" }
  /** American zero area (0 and 00 = 37): listed bets, drawn as a row of buttons. */
  | { zone: "zero-area"; kind: "split" | "trio" | "top_line"; numbers: number[] };

/** 36 numbers in 12 streets (European, French, American), or mini roulette's 12 in 4; American adds 00 (= 37). */
export type BoardLayout = { top: 36 | 12; doubleZero: boolean };
export const EUROPEAN_LAYOUT: BoardLayout = { top: 36, doubleZero: false };

export function layoutFor(variant: string | undefined): BoardLayout {
  if (variant === "mini") return { top: 12, doubleZero: false };
  return { top: 36, doubleZero: variant === "american" };
}

/** The zero-area bets of the American table. */
export const AMERICAN_ZERO_CELLS: BoardCell[] = [
  { zone: "zero-area", kind: "split", numbers: [0, 37] },
  { zone: "zero-area", kind: "split", numbers: [0, 1] },
  { zone: "zero-area", kind: "split", numbers: [0, 2] },
  { zone: "zero-area", kind: "split", numbers: [37, 2] },
  { zone: "zero-area", kind: "split", numbers: [37, 3] },
  { zone: "zero-area", kind: "trio", numbers: [0, 1, 2] },
  { zone: "zero-area", kind: "trio", numbers: [0, 37, 2] },
  { zone: "zero-area", kind: "trio", numbers: [37, 2, 3] },
  { zone: "zero-area", kind: "top_line", numbers: [0, 37, 1, 2, 3] },
];

export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

/** Payout odds to one, per bet kind (European single zero). */
export const PAYOUT: Record<RouletteBetKind, number> = {
  straight: 35,
  split: 17,
  street: 11,
  trio: 11,
  corner: 8,
  basket: 8,
  top_line: 6,
  six_line: 5,
  dozen: 2,
  column: 2,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
};

export function colourOf(n: number): "red" | "black" | "green" {
  if (n === 0) return "green";
  return RED_NUMBERS.has(n) ? "red" : "black";
}

/** Position of n inside its street: 0, 1 or 2 (the column minus one). */
const positionOf = (n: number) => (n - 1) % 3;
const streetOf = (n: number) => Math.floor((n - 1) / 3);
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/** The bet a cell stands for, or null for a cell that does not exist on a real table. */
export function cellToBet(cell: BoardCell, layout: BoardLayout = EUROPEAN_LAYOUT, red: ReadonlySet<number> = RED_NUMBERS): RouletteBet | null {
  const top = layout.top;
  const lastStreet = top / 3 - 1;
  const isNumber = (n: number) => Number.isInteger(n) && n >= 1 && n <= top;
  const isStreet = (s: number, last: number) => Number.isInteger(s) && s >= 0 && s <= last;
  switch (cell.zone) {
    case "number":
      return (Number.isInteger(cell.n) && cell.n >= 0 && cell.n <= top) || (layout.doubleZero && cell.n === 37)
        ? { kind: "straight", numbers: [cell.n] }
        : null;
    case "split-in-street":
      return isNumber(cell.n) && positionOf(cell.n) < 2 ? { kind: "split", numbers: [cell.n, cell.n + 1] } : null;
    case "split-across":
      return isNumber(cell.n) && streetOf(cell.n) < lastStreet ? { kind: "split", numbers: [cell.n, cell.n + 3] } : null;
    case "street":
      return isStreet(cell.street, lastStreet) ? { kind: "street", numbers: range(cell.street * 3 + 1, 3) } : null;
    case "corner":
      return isNumber(cell.n) && positionOf(cell.n) < 2 && streetOf(cell.n) < lastStreet
        ? { kind: "corner", numbers: [cell.n, cell.n + 1, cell.n + 3, cell.n + 4] }
        : null;
    case "line":
      return isStreet(cell.street, lastStreet - 1) ? { kind: "six_line", numbers: range(cell.street * 3 + 1, 6) } : null;
    case "zero-split":
      return layout.doubleZero ? null : { kind: "split", numbers: [0, cell.n] };
    case "trio":
      return layout.doubleZero ? null : { kind: "trio", numbers: [0, cell.n, cell.n + 1] };
    case "first-four":
      return layout.doubleZero ? null : { kind: "basket", numbers: [0, 1, 2, 3] };
    case "zero-area":
      return layout.doubleZero ? { kind: cell.kind, numbers: [...cell.numbers] } : null;
    case "dozen":
      return top === 36 ? { kind: "dozen", numbers: range((cell.dozen - 1) * 12 + 1, 12) } : null;
    case "column":
      return { kind: "column", numbers: range(1, top).filter((n) => positionOf(n) === cell.column - 1) };
    case "outside":
      return { kind: cell.kind, numbers: outsideNumbers(cell.kind, top, red) };
  }
}

function outsideNumbers(kind: "red" | "black" | "odd" | "even" | "low" | "high", top: number, red: ReadonlySet<number>): number[] {
  const all = range(1, top);
  switch (kind) {
    case "red":
      return all.filter((n) => red.has(n));
    case "black":
      return all.filter((n) => !red.has(n));
    case "odd":
      return all.filter((n) => n % 2 === 1);
    case "even":
      return all.filter((n) => n % 2 === 0);
    case "low":
      return all.filter((n) => n <= top / 2);
    case "high":
      return all.filter((n) => n > top / 2);
  }
}

/** Same bet, same key: chips on one spot stack. */
export function betKey(bet: RouletteBet): string {
  return `${bet.kind}:${[...bet.numbers].sort((a, b) => a - b).join("-")}`;
}

export function betWins(bet: RouletteBet, result: number): boolean {
  return bet.numbers.includes(result);
}

export function betLabel(bet: RouletteBet): string {
  const nums = [...bet.numbers].sort((a, b) => a - b);
  switch (bet.kind) {
    case "straight":
      return `Straight ${numberLabel(nums[0]!)}`;
    case "split":
      return `Split ${nums.map(numberLabel).join(" and ")}`;
    case "street":
      return `Street ${nums[0]} to ${nums[2]}`;
    case "corner":
      return `Corner ${nums.join(", ")}`;
    case "six_line":
      return `Line ${nums[0]} to ${nums[5]}`;
    case "trio":
      return `Trio ${nums.map(numberLabel).join(", ")}`;
    case "basket":
      return "First four 0, 1, 2, 3";
    case "top_line":
      return "Top line 0, 00, 1, 2, 3";
    case "dozen":
      return `Dozen ${nums[0]} to ${nums[11]}`;
    case "column":
      return `Column ${nums[0]}`;
    case "low":
      return `Low ${nums[0]} to ${nums[nums.length - 1]}`;
    case "high":
      return `High ${nums[0]} to ${nums[nums.length - 1]}`;
    default:
      return bet.kind[0]!.toUpperCase() + bet.kind.slice(1);
  }
}

/** 00 travels as 37 (client-api.md) but reads as 00. */
export function numberLabel(n: number): string {
  return n === 37 ? "00" : String(n);
}

/** Every inside cell of the board, in reading order, for drawing and for tests. */
export function insideCells(top: 36 | 12 = 36): BoardCell[] {
  const cells: BoardCell[] = [];
  const lastStreet = top / 3 - 1;
  for (let n = 1; n <= top; n++) {
    cells.push({ zone: "number", n });
    if (positionOf(n) < 2) cells.push({ zone: "split-in-street", n });
    if (streetOf(n) < lastStreet) cells.push({ zone: "split-across", n });
    if (positionOf(n) < 2 && streetOf(n) < lastStreet) cells.push({ zone: "corner", n });
  }
  for (let s = 0; s <= lastStreet; s++) cells.push({ zone: "street", street: s });
  for (let s = 0; s < lastStreet; s++) cells.push({ zone: "line", street: s });
  return cells;
}

const OUTSIDE_KINDS: ReadonlySet<RouletteBetKind> = new Set(["red", "black", "odd", "even", "low", "high"]);

/** The request form of a board bet. */
export function toApiBet(bet: RouletteBet, amount: string): ApiRouletteBet {
  if (bet.kind === "dozen") return { type: "dozen", index: (Math.floor((bet.numbers[0]! - 1) / 12) + 1) as 1 | 2 | 3, amount };
  if (bet.kind === "column") return { type: "column", index: (((bet.numbers[0]! - 1) % 3) + 1) as 1 | 2 | 3, amount };
  if (OUTSIDE_KINDS.has(bet.kind)) return { type: bet.kind, amount };
  return { type: bet.kind, numbers: [...bet.numbers].sort((a, b) => a - b), amount };
}
