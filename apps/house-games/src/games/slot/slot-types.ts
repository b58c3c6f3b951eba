export type SymbolKind = "normal" | "wild" | "scatter" | "blank";

export type SlotSymbol = {
  id: string;
  name: string;
  kind: SymbolKind;
  /** Credits per line bet (lines) or per bet unit (ways) for 3, 4, 5 of a kind; scatter: multiples of the total stake. */
  pays: [number, number, number];
};

export type SlotMode = { type: "lines"; lines: number[][] } | { type: "ways" };

export type SlotGame = {
  code: string;
  name: string;
  studio: string;
  volatility: "low" | "medium" | "high";
  mode: SlotMode;
  /** Total stake = this many credits (line count, or 25 for 243 ways). */
  creditsPerStake: number;
  symbols: SlotSymbol[];
  /** strips[reel] = symbol ids; the visible window is 3 consecutive positions from the stop (cyclic). */
  strips: string[][];
  freeSpins: { trigger: number; spins: number; multiplier: number };
};

export const REELS = 5;
export const ROWS = 3;
