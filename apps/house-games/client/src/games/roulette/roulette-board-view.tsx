import type { CSSProperties, ReactNode } from "react";
import { compactAmount } from "../../chrome/chip-selector.tsx";
import { AMERICAN_ZERO_CELLS, betKey, betLabel, cellToBet, EUROPEAN_LAYOUT, numberLabel, type BoardCell, type BoardLayout, type RouletteBet } from "../../lib/roulette-board.ts";

export type PlacedBets = ReadonlyMap<string, { bet: RouletteBet; amount: string }>;

type Props = {
  horizontal: boolean;
  red: ReadonlySet<number>;
  bets: PlacedBets;
  winning: number | null;
  disabled: boolean;
  onPlace: (bet: RouletteBet) => void;
  layout?: BoardLayout;
  /** Bet types the table offers (the definition's bet_types); everything when absent. */
  allowed?: ReadonlySet<string>;
};

const HOT = 18;

/** Where a hotspot sits on its number cell, per orientation: edge midpoints and corners. */
type Anchor = "n" | "s" | "e" | "w" | "ne" | "nw" | "se" | "sw";

function anchorStyle(anchor: Anchor): CSSProperties {
  const style: CSSProperties = { width: HOT, height: HOT };
  const half = -HOT / 2;
  if (anchor.includes("n")) style.top = half;
  if (anchor.includes("s")) style.bottom = half;
  if (anchor.includes("e")) style.right = half;
  if (anchor.includes("w")) style.left = half;
  if (anchor === "n" || anchor === "s") style.left = `calc(50% - ${HOT / 2}px)`;
  if (anchor === "e" || anchor === "w") style.top = `calc(50% - ${HOT / 2}px)`;
  return style;
}

/**
 * Horizontal board (wide screens): streets run left to right, 3-6-9… on top. Vertical board
 * (phones): zero on top, streets run downwards, 1-2-3 left to right. The cells and bets are the
 * same; only the anchors turn.
 */
function hotspotsFor(n: number, horizontal: boolean, layout: BoardLayout): { cell: BoardCell; anchor: Anchor }[] {
  const lastStreet = layout.top / 3 - 1;
  const europeanZero = !layout.doubleZero;
  const p = (n - 1) % 3;
  const s = Math.floor((n - 1) / 3);
  const list: { cell: BoardCell; anchor: Anchor }[] = [];
  const h = horizontal;
  if (p < 2) list.push({ cell: { zone: "split-in-street", n }, anchor: h ? "n" : "e" });
  if (s < lastStreet) list.push({ cell: { zone: "split-across", n }, anchor: h ? "e" : "s" });
  if (p < 2 && s < lastStreet) list.push({ cell: { zone: "corner", n }, anchor: h ? "ne" : "se" });
  if (p === 0) list.push({ cell: { zone: "street", street: s }, anchor: h ? "s" : "w" });
  if (p === 0 && s < lastStreet) list.push({ cell: { zone: "line", street: s }, anchor: h ? "se" : "sw" });
  if (europeanZero && s === 0) list.push({ cell: { zone: "zero-split", n: (p + 1) as 1 | 2 | 3 }, anchor: h ? "w" : "n" });
  if (europeanZero && s === 0 && p < 2) list.push({ cell: { zone: "trio", n: (p + 1) as 1 | 2 }, anchor: h ? "nw" : "ne" });
  if (europeanZero && n === 1) list.push({ cell: { zone: "first-four" }, anchor: h ? "sw" : "nw" });
  return list;
}

function Chip({ amount }: { amount: string }) {
  return (
    <span className="chip" style={{ left: "50%", top: "50%", transform: "translate(-50%, -50%)" }} aria-hidden="true">
      {compactAmount(amount)}
    </span>
  );
}

export function RouletteBoardView({ horizontal, red, bets, winning, disabled, onPlace, layout = EUROPEAN_LAYOUT, allowed }: Props) {
  const colour = (n: number) => (n === 0 || n === 37 ? "green" : red.has(n) ? "red" : "black");
  const amountOf = (bet: RouletteBet | null) => (bet ? bets.get(betKey(bet))?.amount : undefined);
  const streets = layout.top / 3;
  const betOf = (cell: BoardCell) => {
    const bet = cellToBet(cell, layout, red);
    return bet && (!allowed || allowed.has(bet.kind)) ? bet : null;
  };

  function OutsideCell({ cell, children, style }: { cell: BoardCell; children: ReactNode; style: CSSProperties }) {
    const bet = betOf(cell);
    if (!bet) return null;
    const amount = amountOf(bet);
    const win = winning !== null && bet.numbers.includes(winning);
    const extra = cell.zone === "outside" && (cell.kind === "red" || cell.kind === "black") ? ` ${cell.kind}` : "";
    return (
      <button
        type="button"
        className={`bcell outside${extra}${win ? " win" : ""}`}
        style={style}
        disabled={disabled}
        aria-label={`${betLabel(bet)}${amount ? `, ${amount} placed` : ""}`}
        onClick={() => onPlace(bet)}
      >
        {children}
        {amount && <Chip amount={amount} />}
      </button>
    );
  }

  const numbers = Array.from({ length: layout.top }, (_, i) => i + 1);
  // Grid placement: horizontal = 14 columns (zero, 12 streets, column bets) × 5 rows;
  // vertical = 5 columns (even money, dozens, three numbers) × 14 rows (zero, 12 streets, column bets).
  const numberPlace = (n: number): CSSProperties => {
    const p = (n - 1) % 3;
    const s = Math.floor((n - 1) / 3);
    return horizontal ? { gridColumn: s + 2, gridRow: 3 - p } : { gridColumn: p + 3, gridRow: s + 2 };
  };
  const full = layout.top === 36;
  const gridStyle: CSSProperties = horizontal
    ? { gridTemplateColumns: `1.1fr repeat(${streets}, minmax(0, 1fr)) 1.1fr`, gridTemplateRows: full ? "repeat(3, 46px) 40px 40px" : "repeat(3, 46px)" }
    : { gridTemplateColumns: full ? "0.9fr 0.9fr repeat(3, minmax(0, 1.2fr))" : "0 0 repeat(3, minmax(0, 1fr))", gridTemplateRows: `40px repeat(${streets}, 34px) 36px`, columnGap: full ? 2 : 0 };

  const outside: { kind: "low" | "even" | "red" | "black" | "odd" | "high"; label: string }[] = [
    { kind: "low", label: "1–18" },
    { kind: "even", label: "Even" },
    { kind: "red", label: "Red" },
    { kind: "black", label: "Black" },
    { kind: "odd", label: "Odd" },
    { kind: "high", label: "19–36" },
  ];


  return (
    <div className="board" data-testid="roulette-board">
      <div className="board-grid" style={gridStyle}>
        <div className="bcell green" style={{ ...(horizontal ? { gridColumn: 1, gridRow: "1 / 4" } : { gridColumn: "3 / 6", gridRow: 1 }), display: "flex", flexDirection: horizontal ? "column" : "row", gap: 2, border: 0 }}>
          {(layout.doubleZero ? [0, 37] : [0]).map((z) => {
            const bet = betOf({ zone: "number", n: z })!;
            const placed = amountOf(bet);
            return (
              <button
                key={z}
                type="button"
                className={`bcell green${winning === z ? " win" : ""}`}
                style={{ flex: 1, width: "100%" }}
                disabled={disabled}
                aria-label={`${betLabel(bet)}${placed ? `, ${placed} placed` : ""}`}
                onClick={() => onPlace(bet)}
              >
                {numberLabel(z)}
                {placed && <Chip amount={placed} />}
              </button>
            );
          })}
        </div>
        {numbers.map((n) => {
          const straight = betOf({ zone: "number", n })!;
          const amount = amountOf(straight);
          return (
            <div key={n} className={`bcell ${colour(n)}${winning === n ? " win" : ""}`} style={{ ...numberPlace(n), overflow: "visible" }}>
              <button
                type="button"
                style={{ position: "absolute", inset: 0, background: "transparent", border: 0, color: "inherit", fontWeight: 700 }}
                disabled={disabled}
                aria-label={`Straight ${n}${amount ? `, ${amount} placed` : ""}`}
                onClick={() => onPlace(straight)}
              >
                {n}
              </button>
              {amount && <Chip amount={amount} />}
              {hotspotsFor(n, horizontal, layout).map(({ cell, anchor }) => {
                const bet = betOf(cell);
                if (!bet) return null;
                const placed = amountOf(bet);
                return (
                  <button
                    key={betKey(bet)}
                    type="button"
                    className="hot"
                    style={anchorStyle(anchor)}
                    disabled={disabled}
                    aria-label={`${betLabel(bet)}${placed ? `, ${placed} placed` : ""}`}
                    title={betLabel(bet)}
                    onClick={() => onPlace(bet)}
                  >
                    {placed && <Chip amount={placed} />}
                  </button>
                );
              })}
            </div>
          );
        })}
        {([1, 2, 3] as const).map((column) => (
          <OutsideCell
            key={`c${column}`}
            cell={{ zone: "column", column }}
            style={horizontal ? { gridColumn: streets + 2, gridRow: 4 - column } : { gridColumn: column + 2, gridRow: streets + 2 }}
          >
            2:1
          </OutsideCell>
        ))}
        {full && ([1, 2, 3] as const).map((dozen) => (
          <OutsideCell
            key={`d${dozen}`}
            cell={{ zone: "dozen", dozen }}
            style={horizontal ? { gridColumn: `${(dozen - 1) * 4 + 2} / span 4`, gridRow: 4 } : { gridColumn: 2, gridRow: `${(dozen - 1) * 4 + 2} / span 4` }}
          >
            {horizontal ? `${dozen === 1 ? "1st" : dozen === 2 ? "2nd" : "3rd"} 12` : `${(dozen - 1) * 12 + 1}–${dozen * 12}`}
          </OutsideCell>
        ))}
        {full && outside.map((o, i) => (
          <OutsideCell
            key={o.kind}
            cell={{ zone: "outside", kind: o.kind }}
            style={horizontal ? { gridColumn: `${i * 2 + 2} / span 2`, gridRow: 5 } : { gridColumn: 1, gridRow: `${i * 2 + 2} / span 2` }}
          >
            {o.label}
          </OutsideCell>
        ))}
      </div>
      {(!full || layout.doubleZero) && (
        <div className="row" style={{ marginTop: 6, gap: 4 }}>
          {!full &&
            outside.map((o) => (
              <OutsideCell key={o.kind} cell={{ zone: "outside", kind: o.kind }} style={{ flex: "1 1 60px", minHeight: 40 }}>
                {o.kind === "low" ? `1–${layout.top / 2}` : o.kind === "high" ? `${layout.top / 2 + 1}–${layout.top}` : o.label}
              </OutsideCell>
            ))}
          {layout.doubleZero &&
            AMERICAN_ZERO_CELLS.map((cell) => {
              const bet = betOf(cell);
              if (!bet) return null;
              return (
                <OutsideCell key={betKey(bet)} cell={cell} style={{ flex: "1 1 70px", minHeight: 40 }}>
                  {bet.kind === "top_line" ? "0-00-1-2-3" : [...bet.numbers].sort((a, b) => a - b).map(numberLabel).join("/")}
                </OutsideCell>
              );
            })}
        </div>
      )}
    </div>
  );
}
