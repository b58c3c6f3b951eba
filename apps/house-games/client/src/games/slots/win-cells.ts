import type { SlotDefinition, SlotWin } from "../../api/types.ts";

export type CellKey = `${number}:${number}`;
export const cellKey = (reel: number, row: number): CellKey => `${reel}:${row}`;

/** Cells to light up for a spin's wins: line wins along their payline, ways wins on every matching cell, scatters anywhere. */
export function winCells(def: Pick<SlotDefinition, "lines" | "mode" | "symbols">, grid: string[][], wins: SlotWin[]): { line: Set<CellKey>; scatter: Set<CellKey> } {
  const line = new Set<CellKey>();
  const scatter = new Set<CellKey>();
  const kindOf = new Map(def.symbols.map((s) => [s.id, s.kind]));
  for (const win of wins) {
    if (win.scatter) {
      grid.forEach((column, reel) =>
        column.forEach((id, row) => {
          if (kindOf.get(id) === "scatter") scatter.add(cellKey(reel, row));
        }),
      );
      continue;
    }
    if (typeof win.line === "number" && def.mode === "lines") {
      // Paylines are numbered from 1, as the paytable shows them.
      const rows = def.lines[win.line - 1];
      if (!rows) continue;
      for (let reel = 0; reel < Math.min(win.count, rows.length); reel++) line.add(cellKey(reel, rows[reel]!));
      continue;
    }
    // Ways: every cell of the first `count` reels showing the symbol or a wild.
    for (let reel = 0; reel < Math.min(win.count, grid.length); reel++) {
      grid[reel]!.forEach((id, row) => {
        if (id === win.symbol || kindOf.get(id) === "wild") line.add(cellKey(reel, row));
      });
    }
  }
  return { line, scatter };
}

/** What the reels show before the first spin: the top of each strip. */
export function restingGrid(def: Pick<SlotDefinition, "reel_strips" | "rows">): string[][] {
  return def.reel_strips.map((strip) => Array.from({ length: def.rows }, (_, row) => strip[row % strip.length]!));
}
