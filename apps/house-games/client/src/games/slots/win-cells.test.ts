import { describe, expect, it } from "vitest";
import type { SlotDefinition } from "../../api/types.ts";
import { restingGrid, winCells } from "./win-cells.ts";

const symbols: SlotDefinition["symbols"] = [
  { id: "A", name: "Ankh", kind: "normal", pays: { "3": "1" } },
  { id: "B", name: "Bird", kind: "normal", pays: { "3": "1" } },
  { id: "W", name: "Wild", kind: "wild", pays: {} },
  { id: "S", name: "Scarab", kind: "scatter", pays: { "3": "2" } },
];
// grid[reel][row]
const grid = [
  ["A", "B", "S"],
  ["B", "W", "A"],
  ["A", "S", "B"],
  ["B", "B", "A"],
  ["S", "A", "B"],
];

describe("slot win highlights", () => {
  it("lights a line win (paylines numbered from 1) along its payline for `count` reels", () => {
    const def = { mode: "lines" as const, lines: [[1, 1, 1, 1, 1], [0, 1, 0, 1, 0]], symbols };
    const { line, scatter } = winCells(def, grid, [{ line: 2, symbol: "A", count: 3, win: "1" }]);
    expect([...line].sort()).toEqual(["0:0", "1:1", "2:0"]);
    expect(scatter.size).toBe(0);
  });

  it("lights every scatter on the screen for a scatter win", () => {
    const def = { mode: "lines" as const, lines: [], symbols };
    const { scatter } = winCells(def, grid, [{ scatter: true, count: 3, win: "2" }]);
    expect([...scatter].sort()).toEqual(["0:2", "2:1", "4:0"]);
  });

  it("lights the symbol and wilds on the first reels for a ways win", () => {
    const def = { mode: "ways" as const, lines: [], symbols };
    const { line } = winCells(def, grid, [{ ways: 2, symbol: "B", count: 3, win: "1" }]);
    expect([...line].sort()).toEqual(["0:1", "1:0", "1:1", "2:2"]);
  });

  it("rests on the top of each strip", () => {
    expect(restingGrid({ rows: 2, reel_strips: [["A", "B", "C"], ["S"]] })).toEqual([["A", "B"], ["S", "S"]]);
  });
});
