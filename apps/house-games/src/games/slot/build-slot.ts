import { FairStream } from "../../fairness/rng.ts";
import { PAYLINES } from "./paylines.ts";
import { SLOT_PADDINGS } from "./slot-paddings.ts";
import { computeSlotRtp } from "./slot-rtp.ts";
import { REELS, ROWS, type SlotGame, type SlotSymbol } from "./slot-types.ts";

const MAX_PADDING = 1024;
const MIN_RTP = 0.92;
const MAX_RTP = 0.98;

export type Volatility = "low" | "medium" | "high";
export type SlotVariant = {
  slug: string;
  name: string;
  studio: string;
  volatility: Volatility;
  layout: "lines10" | "lines20" | "ways243";
  /** Design target in percent; the published figure is the exact RTP of the strips this produces. */
  targetRtp: number;
  freeSpins: { spins: number; multiplier: number };
  /** Theme names: 4 high, 4 low, wild, scatter. */
  theme: { high: [string, string, string, string]; low: [string, string, string, string]; wild: string; scatter: string };
};

type Template = {
  high: [number, number, number][];
  low: [number, number, number][];
  scatter: [number, number, number];
  /** Per reel counts of H1..H4, L1..L4, wilds (reels 2–5) and scatters. */
  highCounts: number[];
  lowCounts: number[];
  wilds: number;
  scatters: number;
};

const TEMPLATES: Record<Volatility, Template> = {
  low: {
    high: [[20, 60, 200], [15, 40, 120], [10, 30, 100], [8, 25, 80]],
    low: [[5, 15, 50], [5, 10, 40], [4, 10, 30], [4, 8, 25]],
    scatter: [2, 5, 20],
    highCounts: [3, 3, 4, 4],
    lowCounts: [5, 5, 6, 6],
    wilds: 3,
    scatters: 1,
  },
  medium: {
    high: [[25, 150, 750], [20, 100, 400], [15, 60, 200], [10, 40, 150]],
    low: [[5, 20, 80], [5, 15, 60], [4, 12, 50], [4, 10, 40]],
    scatter: [3, 10, 50],
    highCounts: [2, 3, 3, 4],
    lowCounts: [5, 5, 6, 6],
    wilds: 2,
    scatters: 1,
  },
  high: {
    high: [[50, 500, 5000], [30, 200, 1000], [20, 100, 400], [15, 60, 200]],
    low: [[5, 25, 100], [5, 20, 80], [4, 15, 60], [4, 10, 50]],
    scatter: [5, 20, 100],
    highCounts: [1, 2, 3, 3],
    lowCounts: [5, 5, 5, 6],
    wilds: 1,
    scatters: 1,
  },
};

/**
 * The reels and paytable of one themed variant: its strips padded with blank stops until the exact RTP reaches
 * its target. The padding is the tuner's answer (tuneSlotPadding) as committed in slot-paddings.ts (ADR 039):
 * tuning is a binary search with an exact RTP per step, ~0.6 s of CPU for the 40 slots, which was the largest
 * part of a server start. A variant the table does not know (a new or changed one) is tuned here.
 */
export function buildSlot(variant: SlotVariant): SlotGame {
  return assembleSlot(variant, SLOT_PADDINGS[slotPaddingKey(variant)] ?? tuneSlotPadding(variant));
}

/** The table key: every field of a variant the tuned padding depends on (templates and paylines are code, pinned by slot-paddings.test.ts). */
export function slotPaddingKey(variant: SlotVariant): string {
  const { slug, volatility, layout, targetRtp, freeSpins } = variant;
  return `${slug}|${volatility}|${layout}|${targetRtp}|${freeSpins.spins}x${freeSpins.multiplier}`;
}

/** The least blank padding whose exact RTP is at or under the target, or the step above it when that is nearer. */
export function tuneSlotPadding(variant: SlotVariant): number {
  const target = variant.targetRtp / 100;
  const rtpOf = (padding: number) => computeSlotRtp(assembleSlot(variant, padding)).rtp.toNumber();
  // Extra blanks on every reel lower the RTP monotonically; binary-search the least padding at or under the target.
  let low = 0;
  let high = MAX_PADDING;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (rtpOf(middle) > target) low = middle + 1;
    else high = middle;
  }
  // The step just above the target may be nearer; either way the published RTP stays within 92–98 %.
  const candidates = [low - 1, low].filter((padding) => padding >= 0).map((padding) => ({ padding, rtp: rtpOf(padding) }));
  const allowed = candidates.filter((candidate) => candidate.rtp >= MIN_RTP && candidate.rtp <= MAX_RTP);
  return (allowed.length > 0 ? allowed : candidates).sort((a, b) => Math.abs(a.rtp - target) - Math.abs(b.rtp - target))[0]!.padding;
}

/** The variant's game with `padding` blank stops spread over its reels. */
export function assembleSlot(variant: SlotVariant, padding: number): SlotGame {
  const template = TEMPLATES[variant.volatility];
  const ids = { high: ["H1", "H2", "H3", "H4"], low: ["L1", "L2", "L3", "L4"] };
  // Line games pay three times the template per line bet; 243-ways games take 25 credits per stake.
  const factor = variant.layout === "ways243" ? 1 : 3;
  const scale = (pays: [number, number, number]) => pays.map((pay) => pay * factor) as [number, number, number];
  const symbols: SlotSymbol[] = [
    ...ids.high.map((id, i) => ({ id, name: variant.theme.high[i]!, kind: "normal" as const, pays: scale(template.high[i]!) })),
    ...ids.low.map((id, i) => ({ id, name: variant.theme.low[i]!, kind: "normal" as const, pays: scale(template.low[i]!) })),
    { id: "W", name: variant.theme.wild, kind: "wild", pays: [0, 0, 0] },
    { id: "S", name: variant.theme.scatter, kind: "scatter", pays: template.scatter },
    { id: "X", name: "Blank", kind: "blank", pays: [0, 0, 0] },
  ];
  const mode = variant.layout === "ways243" ? { type: "ways" as const } : { type: "lines" as const, lines: PAYLINES.slice(0, variant.layout === "lines10" ? 10 : 20) };
  const creditsPerStake = variant.layout === "ways243" ? 25 : variant.layout === "lines10" ? 10 : 20;
  const freeSpins = { trigger: 3, ...variant.freeSpins };
  return assemble(variant, template, symbols, mode, creditsPerStake, freeSpins, padding);
}

function assemble(
  variant: SlotVariant,
  template: Template,
  symbols: SlotSymbol[],
  mode: SlotGame["mode"],
  creditsPerStake: number,
  freeSpins: SlotGame["freeSpins"],
  padding: number,
): SlotGame {
  const strips: string[][] = [];
  for (let reel = 0; reel < REELS; reel += 1) {
    const body: string[] = [];
    template.highCounts.forEach((count, i) => body.push(...Array<string>(count).fill(`H${i + 1}`)));
    template.lowCounts.forEach((count, i) => body.push(...Array<string>(count).fill(`L${i + 1}`)));
    // Padding is blank stops: they match nothing, so every line, way and scatter gets rarer.
    // Added round-robin from reel 5 down, so each step changes the RTP only a little.
    body.push(...Array<string>(Math.floor((padding + reel) / REELS)).fill("X"));
    if (reel > 0) body.push(...Array<string>(template.wilds).fill("W"));
    strips.push(placeScatters(shuffleForDesign(body, `${variant.slug}:${reel}`), template.scatters));
  }
  return {
    code: `house:slot-${variant.slug}`,
    name: variant.name,
    studio: variant.studio,
    volatility: variant.volatility,
    mode,
    creditsPerStake,
    symbols,
    strips,
    freeSpins,
  };
}

/**
 * A fixed, reproducible arrangement of a reel (part of the game's design,
 * published with it): a Fisher–Yates shuffle driven by the fair stream
 * keyed on the game's name, so rebuilding gives the same strips.
 */
function shuffleForDesign(items: string[], key: string): string[] {
  const stream = new FairStream({ serverSeed: "reel-design", clientSeed: key, nonce: 0 });
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = stream.nextInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Scatters evenly spaced, at least a window apart, so a reel shows at most one. */
function placeScatters(body: string[], scatters: number): string[] {
  const out = [...body];
  const gap = Math.floor((body.length + scatters) / scatters);
  for (let i = 0; i < scatters; i += 1) out.splice(Math.min(i * gap, out.length), 0, "S");
  if (gap <= ROWS) throw new Error("reel too short for its scatters");
  return out;
}
