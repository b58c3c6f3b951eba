import type { SlotSymbol } from "../../api/types.ts";
import { glyphFor } from "./symbol-glyph.ts";

export function SymbolTile({ symbol, size }: { symbol: Pick<SlotSymbol, "id" | "name" | "kind">; size?: number }) {
  if (symbol.kind === "blank") return <span role="img" aria-label="blank" style={{ display: "inline-block", width: size ?? "78%", height: size ?? "78%" }} />;
  const glyph = glyphFor(symbol);
  const special = symbol.kind === "wild" || symbol.kind === "scatter";
  return (
    <span
      role="img"
      aria-label={symbol.name}
      style={{
        display: "inline-grid",
        placeItems: "center",
        width: size ?? "78%",
        height: size ?? "78%",
        borderRadius: 8,
        fontWeight: 800,
        fontSize: size ? size * 0.55 : undefined,
        color: glyph.emoji ? undefined : `hsl(${glyph.hue} 90% 78%)`,
        background: special
          ? `radial-gradient(circle, hsl(${glyph.hue} 90% 45%), hsl(${glyph.hue} 70% 22%))`
          : `linear-gradient(160deg, hsl(${glyph.hue} 45% 24%), hsl(${glyph.hue} 45% 13%))`,
        border: special ? `2px solid hsl(${glyph.hue} 90% 65%)` : "1px solid rgb(255 255 255 / 0.12)",
      }}
    >
      {glyph.text}
    </span>
  );
}
