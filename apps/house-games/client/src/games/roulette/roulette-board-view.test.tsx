import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RED_NUMBERS, type RouletteBet } from "../../lib/roulette-board.ts";
import { RouletteBoardView } from "./roulette-board-view.tsx";

afterEach(cleanup);

function renderBoard(horizontal: boolean, onPlace = vi.fn<(bet: RouletteBet) => void>()) {
  render(<RouletteBoardView horizontal={horizontal} red={RED_NUMBERS} bets={new Map()} winning={17} disabled={false} onPlace={onPlace} />);
  return onPlace;
}

describe("roulette board", () => {
  it.each([true, false])("offers every bet of a European table as a labelled button (horizontal %s)", (horizontal) => {
    renderBoard(horizontal);
    const labels = screen.getAllByRole("button").map((b) => b.getAttribute("aria-label") ?? "");
    const count = (prefix: string) => labels.filter((l) => l.startsWith(prefix)).length;
    expect(count("Straight ")).toBe(37);
    expect(count("Split ")).toBe(60); // 57 between numbers + 3 with zero
    expect(count("Street ")).toBe(12);
    expect(count("Corner ")).toBe(22);
    expect(count("Line ")).toBe(11);
    expect(count("Trio ")).toBe(2);
    expect(count("First four")).toBe(1);
    expect(count("Dozen ")).toBe(3);
    expect(count("Column ")).toBe(3);
    for (const l of ["Red", "Black", "Odd", "Even", "Low 1 to 18", "High 19 to 36"]) expect(labels).toContain(l);
  });

  it("places the bet of the spot that was clicked", () => {
    const onPlace = renderBoard(false);
    fireEvent.click(screen.getByRole("button", { name: "Split 1 and 4" }));
    fireEvent.click(screen.getByRole("button", { name: "Corner 1, 2, 4, 5" }));
    fireEvent.click(screen.getByRole("button", { name: "Dozen 13 to 24" }));
    expect(onPlace.mock.calls.map(([bet]) => bet)).toEqual([
      { kind: "split", numbers: [1, 4] },
      { kind: "corner", numbers: [1, 2, 4, 5] },
      { kind: "dozen", numbers: [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24] },
    ]);
  });

  it("shows placed chips in the spot's label", () => {
    render(
      <RouletteBoardView
        horizontal
        red={RED_NUMBERS}
        bets={new Map([["straight:7", { bet: { kind: "straight", numbers: [7] }, amount: "2.5" }]])}
        winning={null}
        disabled={false}
        onPlace={() => undefined}
      />,
    );
    expect(screen.getByRole("button", { name: "Straight 7, 2.5 placed" })).toBeTruthy();
  });
});
