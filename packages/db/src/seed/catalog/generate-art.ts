/**
 * Generates the demo catalogue's artwork: SVG game icons and backgrounds, tag
 * icons and studio logos, all drawn here from a seed per item (gradients,
 * shapes, the title), so Croupier ships no copied artwork.
 *
 *   npx tsx packages/db/src/seed/catalog/generate-art.ts [catalog.json] [outDir]
 *
 * Defaults: the demo catalogue next to this file, apps/web/public. Output paths
 * are the icon paths written in the catalogue (/catalog/...). Deterministic:
 * the same catalogue gives byte-identical files.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CatalogData } from "./import-catalog.ts";

type Rng = () => number;

function rngFrom(seed: string): Rng {
  let a = createHash("sha256").update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min);
const f = (n: number) => Number(n.toFixed(1));
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#39;");

// Studio palettes: [deep, mid, bright, accent].
const PALETTES: Record<string, string[][]> = {
  "studio:sandstone": [
    ["#2b1605", "#8a4b0f", "#f0b429", "#2dd4bf"],
    ["#3b1d0a", "#b45309", "#fcd34d", "#38bdf8"],
    ["#1f1204", "#92400e", "#fbbf24", "#f472b6"],
  ],
  "studio:neon-alley": [
    ["#14022b", "#6d28d9", "#f472b6", "#22d3ee"],
    ["#0b0320", "#be185d", "#facc15", "#4ade80"],
    ["#10002b", "#3b0764", "#22d3ee", "#fb7185"],
  ],
  "studio:northern-forge": [
    ["#020617", "#1e3a8a", "#93c5fd", "#e2e8f0"],
    ["#0c1222", "#334155", "#67e8f9", "#fde68a"],
    ["#04101f", "#0f766e", "#a7f3d0", "#c4b5fd"],
  ],
  "studio:coral-reef": [
    ["#012a36", "#0e7490", "#fb7185", "#fde047"],
    ["#022c22", "#0f766e", "#5eead4", "#fda4af"],
    ["#0b1d3a", "#1d4ed8", "#67e8f9", "#fdba74"],
  ],
  "studio:velvet-table": [
    ["#022c14", "#166534", "#fcd34d", "#f8fafc"],
    ["#2a0610", "#7f1d1d", "#fbbf24", "#f8fafc"],
  ],
  "studio:grand-salon": [
    ["#1a0509", "#7f1d1d", "#fcd34d", "#fda4af"],
    ["#0a0a0a", "#3f3f46", "#fbbf24", "#f87171"],
  ],
};
const FALLBACK = [
  ["#111827", "#4338ca", "#fbbf24", "#34d399"],
  ["#1c1917", "#9d174d", "#fde68a", "#67e8f9"],
];

function titleLines(title: string): string[] {
  const words = title.split(" ");
  if (title.length <= 12 || words.length === 1) return [title];
  let best = [title];
  let bestDiff = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(" ");
    const b = words.slice(i).join(" ");
    const diff = Math.abs(a.length - b.length);
    if (diff < bestDiff) [best, bestDiff] = [[a, b], diff];
  }
  return best;
}

function sparkles(rng: Rng, w: number, h: number, n: number, colour: string): string {
  let out = "";
  for (let i = 0; i < n; i++) {
    const x = between(rng, 0, w);
    const y = between(rng, 0, h);
    const r = between(rng, 1.5, 5);
    out += `<path d="M${f(x)} ${f(y - r * 2)} L${f(x + r / 2)} ${f(y - r / 2)} L${f(x + r * 2)} ${f(y)} L${f(x + r / 2)} ${f(y + r / 2)} L${f(x)} ${f(y + r * 2)} L${f(x - r / 2)} ${f(y + r / 2)} L${f(x - r * 2)} ${f(y)} L${f(x - r / 2)} ${f(y - r / 2)}Z" fill="${colour}" opacity="${f(between(rng, 0.35, 0.9))}"/>`;
  }
  return out;
}

function rays(cx: number, cy: number, radius: number, count: number, colour: string, opacity: number, turn: number) {
  let out = "";
  const step = (Math.PI * 2) / count;
  for (let i = 0; i < count; i++) {
    const a = i * step + turn;
    const b = a + step / 2;
    out += `<path d="M${cx} ${cy} L${f(cx + Math.cos(a) * radius)} ${f(cy + Math.sin(a) * radius)} L${f(cx + Math.cos(b) * radius)} ${f(cy + Math.sin(b) * radius)}Z"/>`;
  }
  return `<g fill="${colour}" opacity="${opacity}">${out}</g>`;
}

// Emblems are drawn in a 200×200 box centred on (0, 0).
function gem(p: string[]): string {
  return `<g stroke="${p[0]}" stroke-width="3" stroke-linejoin="round">
<path d="M-70 -25 L-40 -65 L40 -65 L70 -25 L0 75Z" fill="${p[2]}"/>
<path d="M-70 -25 L70 -25 M-40 -65 L-20 -25 L0 75 L20 -25 L40 -65 M-20 -25 L0 -65 L20 -25" fill="none"/>
<path d="M-40 -65 L-20 -25 L-70 -25Z M20 -25 L40 -65 L70 -25Z" fill="#ffffff" opacity="0.35"/></g>`;
}
function star(p: string[]): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? 78 : 34;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    pts.push(`${f(Math.cos(a) * r)},${f(Math.sin(a) * r)}`);
  }
  return `<polygon points="${pts.join(" ")}" fill="${p[2]}" stroke="${p[0]}" stroke-width="4" stroke-linejoin="round"/>
<circle cx="-14" cy="-18" r="10" fill="#ffffff" opacity="0.45"/>`;
}
function coin(p: string[], glyph: string): string {
  return `<circle r="72" fill="${p[2]}" stroke="${p[0]}" stroke-width="4"/>
<circle r="56" fill="none" stroke="${p[0]}" stroke-width="3" stroke-dasharray="6 6" opacity="0.6"/>
<text y="26" text-anchor="middle" font-family="Georgia, serif" font-weight="700" font-size="76" fill="${p[0]}">${esc(glyph)}</text>`;
}
function seven(p: string[]): string {
  return `<text y="55" text-anchor="middle" font-family="Impact, 'Arial Black', sans-serif" font-size="170" fill="${p[2]}" stroke="${p[0]}" stroke-width="6" paint-order="stroke">7</text>`;
}
function wheel(p: string[]): string {
  let wedges = "";
  const n = 18;
  for (let i = 0; i < n; i++) {
    const a = ((Math.PI * 2) / n) * i;
    const b = ((Math.PI * 2) / n) * (i + 1);
    const colour = i === 0 ? "#15803d" : i % 2 === 0 ? "#b91c1c" : "#111827";
    wedges += `<path d="M0 0 L${f(Math.cos(a) * 74)} ${f(Math.sin(a) * 74)} A74 74 0 0 1 ${f(Math.cos(b) * 74)} ${f(Math.sin(b) * 74)}Z" fill="${colour}"/>`;
  }
  return `<circle r="84" fill="${p[2]}" stroke="${p[0]}" stroke-width="4"/>${wedges}
<circle r="40" fill="${p[1]}" stroke="${p[2]}" stroke-width="4"/><circle r="12" fill="${p[2]}"/>
<circle cx="52" cy="-40" r="8" fill="#f8fafc"/>`;
}
function cards(p: string[]): string {
  const card = (x: number, rot: number, rank: string, suit: string, colour: string) =>
    `<g transform="translate(${x} 0) rotate(${rot})"><rect x="-45" y="-65" width="90" height="130" rx="10" fill="#f8fafc" stroke="${p[0]}" stroke-width="3"/>
<text x="-32" y="-34" font-family="Georgia, serif" font-weight="700" font-size="30" fill="${colour}">${rank}</text>
<text y="30" text-anchor="middle" font-family="Georgia, serif" font-size="64" fill="${colour}">${suit}</text></g>`;
  return card(-28, -12, "A", "\u2660", "#111827") + card(30, 10, "K", "\u2665", "#b91c1c");
}
function dice(p: string[], rng: Rng): string {
  const die = (x: number, y: number, rot: number, face: number) => {
    const pipsAt: Record<number, [number, number][]> = {
      1: [[0, 0]],
      2: [[-18, -18], [18, 18]],
      3: [[-18, -18], [0, 0], [18, 18]],
      4: [[-18, -18], [18, -18], [-18, 18], [18, 18]],
      5: [[-18, -18], [18, -18], [0, 0], [-18, 18], [18, 18]],
      6: [[-18, -20], [18, -20], [-18, 0], [18, 0], [-18, 20], [18, 20]],
    };
    const pips = pipsAt[face]!.map(([px, py]) => `<circle cx="${px}" cy="${py}" r="7" fill="${p[0]}"/>`).join("");
    return `<g transform="translate(${x} ${y}) rotate(${rot})"><rect x="-40" y="-40" width="80" height="80" rx="16" fill="#f8fafc" stroke="${p[0]}" stroke-width="3"/>${pips}</g>`;
  };
  const faces = [1 + Math.floor(rng() * 6), 1 + Math.floor(rng() * 6)];
  return die(-34, 10, -14, faces[0]!) + die(38, -16, 12, faces[1]!);
}

function emblemFor(kind: string, p: string[], rng: Rng): string {
  if (kind.includes("roulette")) return wheel(p);
  if (kind.includes("blackjack")) return cards(p);
  if (kind.includes("dice")) return dice(p, rng);
  return pick(rng, [
    () => gem(p),
    () => star(p),
    () => seven(p),
    () => coin(p, pick(rng, ["\u2605", "$", "\u2666", "\u2663"])),
  ])();
}

function gameKind(externalGuid: string): string {
  return externalGuid.split(":")[1]!.split("-").slice(0, externalGuid.includes(":live-") ? 2 : 1).join("-");
}

export function gameIconSvg(game: { external_guid: string; game_name: string; provider: string }): string {
  const rng = rngFrom(`icon:${game.external_guid}`);
  const p = pick(rng, PALETTES[game.provider] ?? FALLBACK);
  const kind = gameKind(game.external_guid);
  const live = kind.startsWith("live-");
  const lines = titleLines(game.game_name.toUpperCase());
  const size = lines.some((l) => l.length > 13) ? 30 : 36;
  const turn = between(rng, 0, Math.PI);
  const title = lines
    .map(
      (l, i) =>
        `<text x="200" y="${f(330 - (lines.length - 1 - i) * (size + 6))}" text-anchor="middle" font-family="'Trebuchet MS', Verdana, sans-serif" font-weight="800" font-size="${size}" fill="#ffffff" stroke="${p[0]}" stroke-width="7" paint-order="stroke" letter-spacing="1">${esc(l)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<defs>
<radialGradient id="bg" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="${p[1]}"/><stop offset="1" stop-color="${p[0]}"/></radialGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="${p[0]}" stop-opacity="0"/><stop offset="1" stop-color="${p[0]}" stop-opacity="0.9"/></linearGradient>
</defs>
<rect width="400" height="400" rx="28" fill="url(#bg)"/>
${rays(200, 160, 320, 16, p[2]!, 0.12, turn)}
<circle cx="200" cy="160" r="${f(between(rng, 95, 115))}" fill="${p[3]}" opacity="0.18"/>
${sparkles(rng, 400, 300, 14, p[3]!)}
<g transform="translate(200 158) scale(${f(between(rng, 0.95, 1.1))}) rotate(${f(between(rng, -8, 8))})">${emblemFor(kind, p, rng)}</g>
<rect width="400" height="400" rx="28" fill="url(#shade)"/>
${title}
${live ? `<g transform="translate(24 24)"><rect width="78" height="30" rx="15" fill="#dc2626"/><circle cx="17" cy="15" r="5" fill="#ffffff"/><text x="28" y="21" font-family="Verdana, sans-serif" font-weight="700" font-size="15" fill="#ffffff">LIVE</text></g>` : ""}
</svg>
`;
}

export function gameBackgroundSvg(game: { external_guid: string; provider: string }): string {
  const rng = rngFrom(`background:${game.external_guid}`);
  const p = pick(rng, PALETTES[game.provider] ?? FALLBACK);
  const kind = gameKind(game.external_guid);
  let bokeh = "";
  for (let i = 0; i < 26; i++)
    bokeh += `<circle cx="${f(between(rng, 0, 1280))}" cy="${f(between(rng, 0, 720))}" r="${f(between(rng, 8, 70))}" fill="${pick(rng, [p[2], p[3]])}" opacity="${f(between(rng, 0.05, 0.22))}"/>`;
  const wave = (y: number, amp: number, colour: string, opacity: number) =>
    `<path d="M0 ${y} C320 ${f(y - amp)} 640 ${f(y + amp)} 960 ${y} S1280 ${f(y - amp)} 1280 ${y} V720 H0Z" fill="${colour}" opacity="${opacity}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p[0]}"/><stop offset="0.6" stop-color="${p[1]}"/><stop offset="1" stop-color="${p[0]}"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#bg)"/>
${rays(640, 300, 1100, 24, p[2]!, 0.06, between(rng, 0, Math.PI))}
${bokeh}
<g transform="translate(${f(between(rng, 880, 1040))} 330) scale(2.6) rotate(${f(between(rng, -12, 12))})" opacity="0.16">${emblemFor(kind, p, rng)}</g>
${wave(f(between(rng, 560, 620)), 40, p[0]!, 0.55)}
${wave(f(between(rng, 620, 670)), 30, p[0]!, 0.8)}
${sparkles(rng, 1280, 560, 30, p[3]!)}
</svg>
`;
}

// Tag glyphs are drawn in a 64×64 box.
const TAG_GLYPHS: Record<string, string> = {
  popular: `<path d="M32 8 C36 20 46 24 46 38 A14 14 0 0 1 18 38 C18 30 22 26 26 22 C26 30 30 32 32 32 C30 24 30 16 32 8Z" fill="#fff"/>`,
  hot: `<path d="M32 8 C36 20 46 24 46 38 A14 14 0 0 1 18 38 C18 30 22 26 26 22 C26 30 30 32 32 32 C30 24 30 16 32 8Z" fill="#fff"/><circle cx="32" cy="40" r="5" fill="#fde047"/>`,
  new: `<path d="M32 10 L37 27 L54 32 L37 37 L32 54 L27 37 L10 32 L27 27Z" fill="#fff"/>`,
  jackpots: `<path d="M14 44 L18 22 L27 32 L32 16 L37 32 L46 22 L50 44Z" fill="#fff"/><rect x="14" y="46" width="36" height="6" rx="2" fill="#fff"/>`,
  "live-roulette": `<circle cx="32" cy="32" r="20" fill="none" stroke="#fff" stroke-width="5"/><circle cx="32" cy="32" r="6" fill="#fff"/><path d="M32 12 V20 M32 44 V52 M12 32 H20 M44 32 H52" stroke="#fff" stroke-width="4"/>`,
  "table-games": `<rect x="16" y="12" width="24" height="34" rx="4" fill="#fff" transform="rotate(-10 28 29)"/><rect x="26" y="18" width="24" height="34" rx="4" fill="#fff" opacity="0.8" transform="rotate(10 38 35)"/>`,
  pokies: `<circle cx="24" cy="42" r="9" fill="#fff"/><circle cx="42" cy="44" r="9" fill="#fff"/><path d="M24 34 C26 22 32 16 44 12 M42 36 C40 26 38 20 44 12" stroke="#fff" stroke-width="3" fill="none"/>`,
  "cascading-reels": `<rect x="12" y="10" width="12" height="12" rx="3" fill="#fff" opacity="0.5"/><rect x="26" y="22" width="12" height="12" rx="3" fill="#fff" opacity="0.75"/><rect x="40" y="34" width="12" height="12" rx="3" fill="#fff"/><path d="M18 28 V50 M14 46 L18 52 L22 46" stroke="#fff" stroke-width="3" fill="none"/>`,
  "bonus-buy": `<rect x="14" y="26" width="36" height="26" rx="3" fill="#fff"/><rect x="12" y="20" width="40" height="8" rx="2" fill="#fff"/><path d="M32 20 V52" stroke="currentColor" stroke-width="4"/><path d="M32 20 C24 8 16 14 24 20 M32 20 C40 8 48 14 40 20" stroke="#fff" stroke-width="3" fill="none"/>`,
  "live-blackjack": `<path d="M32 10 C40 22 52 28 52 38 A9 9 0 0 1 36 42 L40 54 H24 L28 42 A9 9 0 0 1 12 38 C12 28 24 22 32 10Z" fill="#fff"/>`,
  "live-dice": `<rect x="12" y="12" width="40" height="40" rx="9" fill="#fff"/><circle cx="22" cy="22" r="4"/><circle cx="32" cy="32" r="4"/><circle cx="42" cy="42" r="4"/>`,
  classics: `<path d="M32 10 C44 10 46 22 46 32 L50 44 H14 L18 32 C18 22 20 10 32 10Z" fill="#fff"/><circle cx="32" cy="50" r="5" fill="#fff"/>`,
  exclusive: `<path d="M14 26 L22 14 H42 L50 26 L32 52Z" fill="#fff"/><path d="M14 26 H50 M22 14 L27 26 L32 52 L37 26 L42 14" stroke="currentColor" stroke-width="2" fill="none" opacity="0.5"/>`,
};

export function tagIconSvg(tag: { name: string; category_hex?: string | null }, slug: string): string {
  const colour = tag.category_hex ?? "#6366f1";
  const glyph = TAG_GLYPHS[slug] ?? `<text x="32" y="42" text-anchor="middle" font-family="Verdana, sans-serif" font-weight="700" font-size="28" fill="#fff">${esc(tag.name.slice(0, 1))}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" color="${colour}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${colour}" stop-opacity="0.7"/></linearGradient></defs>
<rect width="64" height="64" rx="16" fill="url(#g)"/>
<g fill="${colour}">${glyph}</g>
</svg>
`;
}

export function providerLogoSvg(provider: { external_guid: string; name: string }): string {
  const rng = rngFrom(`provider:${provider.external_guid}`);
  const p = pick(rng, PALETTES[provider.external_guid] ?? FALLBACK);
  const initials = provider.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join("")
    .toUpperCase();
  const lines = titleLines(provider.name.toUpperCase());
  // Bold capitals run about 0.7 em wide; the text box is 150 px.
  const size = Math.min(20, Math.floor(150 / (0.7 * Math.max(...lines.map((l) => l.length)))));
  const top = 40 - ((lines.length - 1) * (size + 2)) / 2 + size / 3;
  const text = lines
    .map(
      (l, i) =>
        `<text x="76" y="${f(top + i * (size + 2))}" font-family="'Trebuchet MS', Verdana, sans-serif" font-weight="800" font-size="${size}" fill="#ffffff" letter-spacing="0.5">${esc(l)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p[1]}"/><stop offset="1" stop-color="${p[0]}"/></linearGradient></defs>
<rect width="240" height="80" rx="16" fill="url(#g)"/>
<g transform="translate(40 40)">${rays(0, 0, 30, 10, p[2]!, 0.35, between(rng, 0, 1))}<circle r="22" fill="${p[0]}" stroke="${p[2]}" stroke-width="3"/>
<text y="8" text-anchor="middle" font-family="Georgia, serif" font-weight="700" font-size="20" fill="${p[2]}">${esc(initials)}</text></g>
${text}
</svg>
`;
}

/** Writes every image the catalogue refers to under outDir (its public folder). Returns the files written. */
export function generateArt(catalog: CatalogData, outDir: string): string[] {
  const written: string[] = [];
  const write = (publicPath: string | null | undefined, svg: string) => {
    if (!publicPath) return;
    const file = path.join(outDir, publicPath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, svg);
    written.push(file);
  };
  for (const g of catalog.games ?? []) {
    write(g.icon, gameIconSvg(g));
    write(g.background_image, gameBackgroundSvg(g));
  }
  for (const t of catalog.tags ?? []) write(t.icon, tagIconSvg(t, path.basename(t.icon ?? "", ".svg")));
  for (const p of catalog.providers ?? []) write(p.icon, providerLogoSvg(p));
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const catalogFile = process.argv[2] ?? path.join(here, "demo-catalog.json");
  const outDir = process.argv[3] ?? path.resolve(here, "../../../../../apps/web/public");
  const catalog = JSON.parse(fs.readFileSync(catalogFile, "utf8")) as CatalogData;
  const files = generateArt(catalog, outDir);
  console.log(`Wrote ${files.length} images under ${outDir}`);
}
