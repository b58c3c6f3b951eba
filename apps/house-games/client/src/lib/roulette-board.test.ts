import { describe, expect, it } from "vitest";
import { AMERICAN_ZERO_CELLS, layoutFor, toApiBet, betKey, betLabel, betWins, cellToBet, insideCells, PAYOUT, RED_NUMBERS, type BoardCell } from "./roulette-board.ts";

describe("roulette board cell → bet", () => {
  it("maps each inside zone to the numbers a real table covers", () => {
    expect(cellToBet({ zone: "number", n: 0 })).toEqual({ kind: "straight", numbers: [0] });
    expect(cellToBet({ zone: "number", n: 17 })).toEqual({ kind: "straight", numbers: [17] });
    expect(cellToBet({ zone: "split-in-street", n: 1 })).toEqual({ kind: "split", numbers: [1, 2] });
    expect(cellToBet({ zone: "split-across", n: 1 })).toEqual({ kind: "split", numbers: [1, 4] });
    expect(cellToBet({ zone: "street", street: 0 })).toEqual({ kind: "street", numbers: [1, 2, 3] });
    expect(cellToBet({ zone: "street", street: 11 })).toEqual({ kind: "street", numbers: [34, 35, 36] });
    expect(cellToBet({ zone: "corner", n: 5 })).toEqual({ kind: "corner", numbers: [5, 6, 8, 9] });
    expect(cellToBet({ zone: "line", street: 10 })).toEqual({ kind: "six_line", numbers: [31, 32, 33, 34, 35, 36] });
    expect(cellToBet({ zone: "zero-split", n: 3 })).toEqual({ kind: "split", numbers: [0, 3] });
    expect(cellToBet({ zone: "trio", n: 2 })).toEqual({ kind: "trio", numbers: [0, 2, 3] });
    expect(cellToBet({ zone: "first-four" })).toEqual({ kind: "basket", numbers: [0, 1, 2, 3] });
  });

  it("refuses cells that do not exist: splits across the board edge, corners off the last street", () => {
    expect(cellToBet({ zone: "split-in-street", n: 3 })).toBeNull(); // 3|4 are not adjacent
    expect(cellToBet({ zone: "split-across", n: 34 })).toBeNull();
    expect(cellToBet({ zone: "corner", n: 33 })).toBeNull();
    expect(cellToBet({ zone: "corner", n: 35 })).toBeNull();
    expect(cellToBet({ zone: "line", street: 11 })).toBeNull();
    expect(cellToBet({ zone: "number", n: 37 })).toBeNull();
    expect(cellToBet({ zone: "street", street: 12 })).toBeNull();
  });

  it("maps outside bets: dozens, columns and the even-money bets", () => {
    expect(cellToBet({ zone: "dozen", dozen: 2 })?.numbers).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(cellToBet({ zone: "column", column: 1 })?.numbers).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(cellToBet({ zone: "column", column: 3 })?.numbers[11]).toBe(36);
    const red = cellToBet({ zone: "outside", kind: "red" })!;
    const black = cellToBet({ zone: "outside", kind: "black" })!;
    expect(red.numbers).toHaveLength(18);
    expect(black.numbers).toHaveLength(18);
    expect(red.numbers.some((n) => black.numbers.includes(n))).toBe(false);
    expect(red.numbers.every((n) => RED_NUMBERS.has(n))).toBe(true);
    expect(cellToBet({ zone: "outside", kind: "odd" })!.numbers.every((n) => n % 2 === 1)).toBe(true);
    expect(cellToBet({ zone: "outside", kind: "high" })!.numbers).toEqual(Array.from({ length: 18 }, (_, i) => 19 + i));
    // Zero loses every outside bet.
    for (const kind of ["red", "black", "odd", "even", "low", "high"] as const) {
      expect(betWins(cellToBet({ zone: "outside", kind })!, 0)).toBe(false);
    }
  });

  it("every inside cell pays so that the table edge is one zero: payout × covered + covered = 36", () => {
    const cells: BoardCell[] = [
      ...insideCells(),
      { zone: "zero-split", n: 1 },
      { zone: "trio", n: 1 },
      { zone: "first-four" },
      { zone: "dozen", dozen: 1 },
      { zone: "column", column: 2 },
      { zone: "outside", kind: "even" },
    ];
    for (const cell of cells) {
      const bet = cellToBet(cell);
      expect(bet, JSON.stringify(cell)).not.toBeNull();
      expect((PAYOUT[bet!.kind] + 1) * bet!.numbers.length).toBe(36);
    }
  });

  it("counts the classic inside bet positions: 57 splits, 22 corners, 11 lines", () => {
    const bets = insideCells().map((c) => cellToBet(c)!);
    expect(bets.filter((b) => b.kind === "split")).toHaveLength(57);
    expect(bets.filter((b) => b.kind === "corner")).toHaveLength(22);
    expect(bets.filter((b) => b.kind === "six_line")).toHaveLength(11);
    expect(new Set(bets.map(betKey)).size).toBe(bets.length);
  });

  it("keys ignore number order and labels name the numbers", () => {
    expect(betKey({ kind: "split", numbers: [4, 1] })).toBe(betKey({ kind: "split", numbers: [1, 4] }));
    expect(betLabel({ kind: "split", numbers: [2, 1] })).toBe("Split 1 and 2");
    expect(betLabel(cellToBet({ zone: "line", street: 0 })!)).toBe("Line 1 to 6");
  });

  it("builds the API request form: numbers for inside bets, index for dozens and columns, nothing for even money", () => {
    expect(toApiBet(cellToBet({ zone: "split-across", n: 20 })!, "1.00")).toEqual({ type: "split", numbers: [20, 23], amount: "1.00" });
    expect(toApiBet(cellToBet({ zone: "dozen", dozen: 3 })!, "2")).toEqual({ type: "dozen", index: 3, amount: "2" });
    expect(toApiBet(cellToBet({ zone: "column", column: 2 })!, "2")).toEqual({ type: "column", index: 2, amount: "2" });
    expect(toApiBet(cellToBet({ zone: "outside", kind: "black" })!, "5")).toEqual({ type: "black", amount: "5" });
    expect(toApiBet(cellToBet({ zone: "trio", n: 1 })!, "1")).toEqual({ type: "trio", numbers: [0, 1, 2], amount: "1" });
    expect(toApiBet(cellToBet({ zone: "line", street: 1 })!, "1")).toEqual({ type: "six_line", numbers: [4, 5, 6, 7, 8, 9], amount: "1" });
  });

  it("mini roulette has 12 numbers in 4 streets and no dozens; 6 to 1 halves are 1–6 and 7–12", () => {
    const mini = layoutFor("mini");
    expect(cellToBet({ zone: "number", n: 13 }, mini)).toBeNull();
    expect(cellToBet({ zone: "split-across", n: 10 }, mini)).toBeNull();
    expect(cellToBet({ zone: "line", street: 2 }, mini)).toEqual({ kind: "six_line", numbers: [7, 8, 9, 10, 11, 12] });
    expect(cellToBet({ zone: "line", street: 3 }, mini)).toBeNull();
    expect(cellToBet({ zone: "dozen", dozen: 1 }, mini)).toBeNull();
    expect(cellToBet({ zone: "outside", kind: "low" }, mini)!.numbers).toEqual([1, 2, 3, 4, 5, 6]);
    expect(cellToBet({ zone: "column", column: 1 }, mini)!.numbers).toEqual([1, 4, 7, 10]);
    const bets = insideCells(12).map((c) => cellToBet(c, mini));
    expect(bets.every(Boolean)).toBe(true);
    expect(bets.filter((b) => b!.kind === "split")).toHaveLength(17);
  });

  it("the American zero area uses 37 for 00 and replaces the European zero bets", () => {
    const american = layoutFor("american");
    expect(cellToBet({ zone: "number", n: 37 }, american)).toEqual({ kind: "straight", numbers: [37] });
    expect(cellToBet({ zone: "number", n: 37 })).toBeNull();
    expect(cellToBet({ zone: "first-four" }, american)).toBeNull();
    const topLine = cellToBet(AMERICAN_ZERO_CELLS.at(-1)!, american)!;
    expect(toApiBet(topLine, "1")).toEqual({ type: "top_line", numbers: [0, 1, 2, 3, 37], amount: "1" });
    expect(betLabel(topLine)).toBe("Top line 0, 00, 1, 2, 3");
    expect(betLabel({ kind: "split", numbers: [37, 2] })).toBe("Split 2 and 00");
  });
});
