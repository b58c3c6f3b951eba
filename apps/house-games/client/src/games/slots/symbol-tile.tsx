import { useId } from "react";
import type { SlotSymbol } from "../../api/types.ts";
import { symbolArt } from "./symbol-art.tsx";

/**
 * One reel symbol as inline SVG: a tinted tile, the symbol's drawing, and a
 * WILD / BONUS ribbon on wilds and scatters. The accessible name is the
 * symbol's name (plus its role), never the picture.
 */
export function SymbolTile({ symbol, size }: { symbol: Pick<SlotSymbol, "id" | "name" | "kind">; size?: number }) {
  const rawId = useId();
  const extent = size ?? "78%";
  if (symbol.kind === "blank") return <span role="img" aria-label="blank" style={{ display: "inline-block", width: extent, height: extent }} />;
  const id = `sym${rawId.replace(/[^A-Za-z0-9_-]/g, "")}`;
  const art = symbolArt(symbol);
  const wild = symbol.kind === "wild";
  const scatter = symbol.kind === "scatter";
  const hue = wild ? 45 : scatter ? 205 : art.hue;
  const palette = {
    main: `hsl(${art.hue} 85% 70%)`,
    accent: `hsl(${art.hue} 60% 42%)`,
    dark: `hsl(${art.hue} 55% 14%)`,
    light: `hsl(${art.hue} 90% 90%)`,
  };
  const label = wild ? `${symbol.name} (wild)` : scatter ? `${symbol.name} (scatter)` : symbol.name;
  return (
    <svg role="img" aria-label={label} viewBox="0 0 64 64" width={extent} height={extent} style={{ display: "block", overflow: "visible" }} data-symbol={art.key}>
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="0.4" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} ${wild || scatter ? 75 : 45}% ${wild || scatter ? 38 : 26}%)`} />
          <stop offset="1" stopColor={`hsl(${hue} ${wild || scatter ? 70 : 45}% ${wild || scatter ? 16 : 11}%)`} />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.42" r="0.55">
          <stop offset="0" stopColor={`hsl(${art.hue} 90% 70% / 0.35)`} />
          <stop offset="1" stopColor={`hsl(${art.hue} 90% 70% / 0)`} />
        </radialGradient>
      </defs>
      <rect x="1" y="1" width="62" height="62" rx="10" fill={`url(#${id}-bg)`} stroke={wild ? "hsl(45 95% 62%)" : scatter ? "hsl(205 95% 68%)" : "rgb(255 255 255 / 0.14)"} strokeWidth={wild || scatter ? 2.5 : 1} />
      <rect x="4" y="4" width="56" height="56" rx="8" fill={`url(#${id}-glow)`} />
      <g transform={wild || scatter ? "translate(6 2) scale(0.8)" : "translate(3.2 3.2) scale(0.9)"}>{art.draw(palette)}</g>
      {(wild || scatter) && (
        <g aria-hidden="true">
          <rect x="8" y="50" width="48" height="12" rx="3" fill={wild ? "hsl(45 95% 55%)" : "hsl(205 90% 55%)"} />
          <text x="32" y="59.5" textAnchor="middle" fontFamily="system-ui, Arial, sans-serif" fontWeight="900" fontSize="9" letterSpacing="1" fill="hsl(220 40% 10%)">
            {wild ? "WILD" : "BONUS"}
          </text>
        </g>
      )}
    </svg>
  );
}
