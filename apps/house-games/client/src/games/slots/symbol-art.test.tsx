import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
// The provider's own list of themed machines: every symbol a reel can show.
import { SLOT_VARIANTS } from "../../../../src/games/slot/slot-variants.ts";
import { symbolArt } from "./symbol-art.tsx";
import { SymbolTile } from "./symbol-tile.tsx";

const EMOJI = /\p{Extended_Pictographic}/u;

const machines = SLOT_VARIANTS.map((variant) => ({
  name: variant.name,
  symbols: [
    ...variant.theme.high.map((name, i) => ({ id: `H${i}`, name, kind: "normal" as const })),
    ...variant.theme.low.map((name, i) => ({ id: `L${i}`, name, kind: "normal" as const })),
    { id: "W", name: variant.theme.wild, kind: "wild" as const },
    { id: "S", name: variant.theme.scatter, kind: "scatter" as const },
  ],
}));

describe("slot symbols as inline SVG", () => {
  it.each(machines)("$name: every symbol has its own drawing (wild and scatter framed apart), none from an emoji font", ({ symbols }) => {
    const keys = symbols.map((symbol) => `${symbol.kind === "normal" ? "" : `${symbol.kind}:`}${symbolArt(symbol).key}`);
    expect(new Set(keys).size).toBe(symbols.length);
    const normals = symbols.filter((symbol) => symbol.kind === "normal").map((symbol) => symbolArt(symbol).key);
    expect(new Set(normals).size).toBe(normals.length);
    // Pictures for the themed symbols; card ranks drawn as letters; initials badges only as a last resort.
    for (const symbol of symbols.slice(0, 4)) expect(symbolArt(symbol).key, symbol.name).not.toMatch(/^(badge|rank):/);
  });

  it("renders an SVG named for the symbol and its role, with no emoji characters", () => {
    const { container, getByRole } = render(
      <>
        <SymbolTile symbol={{ id: "A", name: "Pharaoh", kind: "normal" }} size={40} />
        <SymbolTile symbol={{ id: "W", name: "Pyramid", kind: "wild" }} size={40} />
        <SymbolTile symbol={{ id: "S", name: "Scarab", kind: "scatter" }} size={40} />
        <SymbolTile symbol={{ id: "Q", name: "Q", kind: "normal" }} size={40} />
      </>,
    );
    expect(getByRole("img", { name: "Pharaoh" }).tagName.toLowerCase()).toBe("svg");
    expect(getByRole("img", { name: "Pyramid (wild)" }).textContent).toContain("WILD");
    expect(getByRole("img", { name: "Scarab (scatter)" }).textContent).toContain("BONUS");
    expect(getByRole("img", { name: "Q" }).textContent).toBe("Q");
    expect(EMOJI.test(container.textContent ?? "")).toBe(false);
    // Each tile's gradients have their own ids, so tiles never paint with another tile's colours.
    const ids = [...container.querySelectorAll("linearGradient")].map((node) => node.id);
    expect(new Set(ids).size).toBe(4);
  });

  it("draws every symbol of every machine without emoji text", () => {
    const all = machines.flatMap((machine) => machine.symbols);
    const { container } = render(
      <>
        {all.map((symbol, i) => (
          <SymbolTile key={i} symbol={symbol} size={20} />
        ))}
      </>,
    );
    expect(container.querySelectorAll("svg")).toHaveLength(all.length);
    expect(EMOJI.test(container.textContent ?? "")).toBe(false);
  });
});
