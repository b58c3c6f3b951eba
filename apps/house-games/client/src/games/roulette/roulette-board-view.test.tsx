import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { layoutFor, RED_NUMBERS, type RouletteBet } from "../../lib/roulette-board.ts";
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

  it("draws mini roulette (0–12, no dozens) and the American zero area (00 as 37)", () => {
    const mini = new Set([1, 3, 5, 7, 9, 11]);
    const { unmount } = render(<RouletteBoardView horizontal red={mini} layout={layoutFor("mini")} bets={new Map()} winning={null} disabled={false} onPlace={() => undefined} />);
    let labels = screen.getAllByRole("button").map((b) => b.getAttribute("aria-label") ?? "");
    expect(labels.filter((l) => l.startsWith("Straight "))).toHaveLength(13);
    expect(labels.some((l) => l.startsWith("Dozen"))).toBe(false);
    expect(labels).toContain("Low 1 to 6");
    unmount();
    const onPlace = vi.fn<(bet: RouletteBet) => void>();
    render(<RouletteBoardView horizontal={false} red={RED_NUMBERS} layout={layoutFor("american")} bets={new Map()} winning={null} disabled={false} onPlace={onPlace} />);
    labels = screen.getAllByRole("button").map((b) => b.getAttribute("aria-label") ?? "");
    expect(labels).toContain("Straight 00");
    expect(labels.some((l) => l.startsWith("First four"))).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Top line 0, 00, 1, 2, 3" }));
    expect(onPlace).toHaveBeenCalledWith({ kind: "top_line", numbers: [0, 37, 1, 2, 3] });
  });
});
