import type { ReactNode } from "react";
import type { SlotSymbol } from "../../api/types.ts";

/**
 * Slot symbols drawn as inline SVG on a 64 × 64 grid: no images to download
 * and no emoji font (machines without one show empty boxes). A symbol gets a
 * drawing by a keyword of its name, a card rank its letter, anything else a
 * badge with its initials; the hue comes from the id so neighbours differ.
 */
export type Palette = { main: string; accent: string; dark: string; light: string };
type Draw = (p: Palette) => ReactNode;
export type SymbolArt = { key: string; hue: number; draw: Draw };

const star = (cx: number, cy: number, outer: number, inner: number, points = 5) =>
  Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / points - Math.PI / 2;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");

const rays = (cx: number, cy: number, from: number, to: number, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const a = (2 * Math.PI * i) / count;
    return `M${(cx + from * Math.cos(a)).toFixed(1)} ${(cy + from * Math.sin(a)).toFixed(1)}L${(cx + to * Math.cos(a)).toFixed(1)} ${(cy + to * Math.sin(a)).toFixed(1)}`;
  }).join("");

const coin: Draw = (p) => (
  <>
    <circle cx="32" cy="32" r="20" fill={p.main} stroke={p.accent} strokeWidth="3" />
    <circle cx="32" cy="32" r="13" fill="none" stroke={p.accent} strokeWidth="2" />
    <polygon points={star(32, 32, 8, 3.5)} fill={p.accent} />
  </>
);
const gem: Draw = (p) => (
  <>
    <path d="M20 14H44L55 27L32 54L9 27Z" fill={p.main} />
    <path d="M9 27H55L32 54Z" fill={p.accent} opacity="0.55" />
    <path d="M20 14L26 27L32 54L38 27L44 14M9 27H55M26 27L32 14L38 27" fill="none" stroke={p.light} strokeWidth="1.6" strokeLinejoin="round" />
  </>
);
const sun: Draw = (p) => (
  <>
    <path d={rays(32, 32, 16, 27, 12)} stroke={p.main} strokeWidth="4" strokeLinecap="round" />
    <circle cx="32" cy="32" r="13" fill={p.main} />
    <circle cx="32" cy="32" r="7" fill={p.accent} />
  </>
);
const bolt: Draw = (p) => <path d="M37 5L13 36H29L24 59L51 25H34Z" fill={p.main} stroke={p.accent} strokeWidth="2" strokeLinejoin="round" />;
const starShape: Draw = (p) => <polygon points={star(32, 33, 25, 11)} fill={p.main} stroke={p.accent} strokeWidth="2.5" strokeLinejoin="round" />;
const bird: Draw = (p) => (
  <>
    <path d="M8 30C18 22 26 24 32 30C38 20 46 14 58 14C50 20 46 28 44 36C42 46 34 52 24 52L30 44C20 44 14 38 8 30Z" fill={p.main} />
    <circle cx="46" cy="22" r="2.5" fill={p.dark} />
    <path d="M52 18L60 20L53 23Z" fill={p.accent} />
  </>
);
const ship: Draw = (p) => (
  <>
    <path d="M31 8V44" stroke={p.dark} strokeWidth="3" />
    <path d="M33 10C46 16 48 30 33 40Z" fill={p.light} />
    <path d="M29 12C18 18 17 30 29 38Z" fill={p.main} />
    <path d="M6 42H58C54 52 46 56 32 56C18 56 10 52 6 42Z" fill={p.accent} />
  </>
);
const wave: Draw = (p) => (
  <>
    <path d="M4 40C12 30 20 30 26 38C32 46 40 46 46 36C50 30 56 28 60 30V58H4Z" fill={p.accent} />
    <path d="M6 30C10 14 30 8 40 18C46 24 42 32 34 30C40 24 32 18 26 22C18 26 20 38 28 40" fill="none" stroke={p.main} strokeWidth="5" strokeLinecap="round" />
  </>
);
const leaf: Draw = (p) => (
  <>
    <path d="M32 54C18 46 12 32 16 16C26 22 32 34 32 54Z" fill={p.accent} />
    <path d="M32 54C46 46 52 32 48 16C38 22 32 34 32 54Z" fill={p.accent} />
    <path d="M32 54C24 40 24 22 32 8C40 22 40 40 32 54Z" fill={p.main} />
  </>
);
const spiral: Draw = (p) => (
  <path
    d="M32 32C34 30 36 33 34 36C31 40 25 37 25 32C25 25 33 21 39 24C47 28 47 40 40 45C31 52 17 46 16 34C15 20 28 11 41 14C52 17 58 28 56 38"
    fill="none"
    stroke={p.main}
    strokeWidth="4.5"
    strokeLinecap="round"
  />
);
const rune: Draw = (p) => (
  <>
    <path d="M18 8H46C52 8 56 14 54 22L50 50C49 55 45 58 40 58H22C17 58 13 54 13 48L12 18C12 12 14 8 18 8Z" fill={p.dark} stroke={p.main} strokeWidth="2.5" />
    <path d="M26 16V50M26 16L38 24L26 32L40 50" fill="none" stroke={p.main} strokeWidth="4.5" strokeLinecap="round" strokeLinejoin="round" />
  </>
);
const head: Draw = (p) => (
  // A jackal's head (Anubis, wolves): tall ears, long snout.
  <>
    <path d="M18 8L26 24L38 24L46 8L48 30C54 34 58 40 58 46L40 48L36 56H26C20 56 16 48 16 40Z" fill={p.main} />
    <circle cx="38" cy="33" r="2.6" fill={p.dark} />
    <path d="M22 14L26 24M44 12L40 24" stroke={p.accent} strokeWidth="2" />
  </>
);

/** Drawings by keyword of the symbol's name (first match wins; the list runs from specific to general). */
const ART: [RegExp, string, Draw][] = [
  [/pharaoh/i, "pharaoh", (p) => (
    <>
      <path d="M32 7C19 7 13 16 13 27L9 54H23L25 41H39L41 54H55L51 27C51 16 45 7 32 7Z" fill={p.main} />
      <path d="M15 32H22M14 40H22M12 48H22M42 32H49M42 40H50M42 48H52" stroke={p.accent} strokeWidth="2.5" />
      <ellipse cx="32" cy="29" rx="8.5" ry="11" fill={p.light} />
      <path d="M27 27H30M34 27H37" stroke={p.dark} strokeWidth="2" strokeLinecap="round" />
      <rect x="29.5" y="39" width="5" height="13" rx="2" fill={p.accent} />
      <path d="M32 8V16" stroke={p.accent} strokeWidth="3" />
    </>
  )],
  [/mask/i, "mask", (p) => (
    <>
      <path d="M32 6C45 6 52 15 52 28C52 44 42 58 32 58C22 58 12 44 12 28C12 15 19 6 32 6Z" fill={p.main} stroke={p.accent} strokeWidth="2.5" />
      <path d="M19 27C22 23 27 23 29 27C27 30 22 30 19 27ZM35 27C37 23 42 23 45 27C42 30 37 30 35 27Z" fill={p.dark} />
      <path d="M32 30V40M27 46H37" stroke={p.accent} strokeWidth="2.5" strokeLinecap="round" />
    </>
  )],
  [/eye/i, "eye", (p) => (
    <>
      <path d="M6 28C18 12 46 12 58 28C46 42 18 42 6 28Z" fill={p.light} stroke={p.main} strokeWidth="3.5" />
      <circle cx="32" cy="28" r="8" fill={p.dark} />
      <circle cx="34.5" cy="25.5" r="2.5" fill={p.light} />
      <path d="M26 38L20 56M36 38C40 50 48 54 54 48" fill="none" stroke={p.main} strokeWidth="3.5" strokeLinecap="round" />
      <path d="M8 20C20 8 44 8 56 18" fill="none" stroke={p.accent} strokeWidth="3" strokeLinecap="round" />
    </>
  )],
  [/ankh/i, "ankh", (p) => (
    <>
      <ellipse cx="32" cy="18" rx="9" ry="11" fill="none" stroke={p.main} strokeWidth="6" />
      <rect x="14" y="29" width="36" height="7" rx="2" fill={p.main} />
      <rect x="28.5" y="29" width="7" height="28" rx="2" fill={p.main} />
    </>
  )],
  [/pyramid/i, "pyramid", (p) => (
    <>
      <path d="M32 8L58 54H6Z" fill={p.main} />
      <path d="M32 8L58 54H32Z" fill={p.accent} opacity="0.6" />
      <path d="M17 36H47M11 46H53" stroke={p.dark} strokeWidth="1.5" opacity="0.5" />
    </>
  )],
  [/scarab|beetle/i, "scarab", (p) => (
    <>
      <path d="M18 26L8 20M18 36L6 38M18 46L10 54M46 26L56 20M46 36L58 38M46 46L54 54" stroke={p.accent} strokeWidth="3" strokeLinecap="round" />
      <ellipse cx="32" cy="38" rx="14" ry="17" fill={p.main} />
      <path d="M32 24V55" stroke={p.dark} strokeWidth="2" />
      <circle cx="32" cy="17" r="7" fill={p.accent} />
      <path d="M26 12L22 6M38 12L42 6" stroke={p.accent} strokeWidth="2.5" strokeLinecap="round" />
    </>
  )],
  [/sun disc/i, "sun-disc", (p) => (
    <>
      <path d="M4 30C14 24 20 26 22 32C14 34 8 36 4 30ZM60 30C50 24 44 26 42 32C50 34 56 36 60 30Z" fill={p.accent} />
      <path d="M6 36C14 40 20 38 22 36M58 36C50 40 44 38 42 36" stroke={p.accent} strokeWidth="2.5" fill="none" />
      <circle cx="32" cy="32" r="12" fill={p.main} stroke={p.light} strokeWidth="2" />
      <path d="M26 46C28 52 36 52 38 46" stroke={p.main} strokeWidth="3" fill="none" />
    </>
  )],
  [/\bra\b|\bsun\b/i, "sun", sun],
  [/aurora/i, "aurora", (p) => (
    <>
      <path d="M4 40C14 20 24 36 34 18C42 6 52 14 60 8" fill="none" stroke={p.main} strokeWidth="6" strokeLinecap="round" />
      <path d="M4 50C16 32 26 46 36 30C44 18 52 26 60 20" fill="none" stroke={p.accent} strokeWidth="5" strokeLinecap="round" />
      <path d="M4 58C18 44 28 56 38 42C46 32 54 38 60 34" fill="none" stroke={p.light} strokeWidth="4" strokeLinecap="round" />
    </>
  )],
  [/sphinx/i, "sphinx", (p) => (
    <>
      <path d="M6 54V46C6 40 12 38 20 38H40L44 28V18C44 12 48 8 52 8C56 8 58 12 58 18V54Z" fill={p.main} />
      <path d="M44 18L40 36H60L58 18" fill={p.accent} />
      <circle cx="53" cy="18" r="1.8" fill={p.dark} />
      <path d="M6 54H60" stroke={p.accent} strokeWidth="3" />
    </>
  )],
  [/anubis|wolf|jackal/i, "jackal", head],
  [/obelisk/i, "obelisk", (p) => (
    <>
      <path d="M32 4L39 12L42 56H22L25 12Z" fill={p.main} />
      <path d="M32 4L39 12L42 56H32Z" fill={p.accent} opacity="0.55" />
      <path d="M29 20H35M29 28H35M29 36H35" stroke={p.dark} strokeWidth="2" />
      <rect x="16" y="54" width="32" height="5" rx="1.5" fill={p.accent} />
    </>
  )],
  [/oasis|palm/i, "palm", (p) => (
    <>
      <path d="M32 22C30 34 28 46 24 58H32C34 46 34 34 34 22Z" fill={p.accent} />
      <path d="M33 22C24 12 12 14 6 22C16 18 24 20 33 22ZM33 22C42 12 54 14 60 22C50 18 42 20 33 22ZM33 22C28 22 16 28 14 38C22 30 28 26 33 22ZM33 22C38 22 50 28 52 38C44 30 38 26 33 22Z" fill={p.main} />
      <path d="M4 58C18 52 46 52 60 58Z" fill={p.light} />
    </>
  )],
  [/lotus|flower|freya|rose/i, "flower", (p) => (
    <>
      {Array.from({ length: 8 }, (_, i) => (
        <ellipse key={i} cx="32" cy="17" rx="6" ry="13" fill={i % 2 === 0 ? p.main : p.accent} transform={`rotate(${i * 45} 32 32)`} />
      ))}
      <circle cx="32" cy="32" r="7" fill={p.light} />
    </>
  )],
  [/papyrus|kelp|leaf/i, "leaf", leaf],
  [/crocodile|dragon/i, "dragon", (p) => (
    <>
      <path d="M6 40C10 30 20 26 30 28L46 22C52 20 58 24 58 30C58 36 52 38 46 38L30 42C22 48 12 48 6 40Z" fill={p.main} />
      <path d="M30 28L26 16L36 26ZM40 24L40 12L46 22Z" fill={p.accent} />
      <circle cx="48" cy="28" r="2.5" fill={p.dark} />
      <path d="M34 40L36 46L40 39L42 45L46 38" fill={p.light} />
    </>
  )],
  [/camel/i, "camel", (p) => (
    <>
      <path d="M8 30C8 24 12 22 16 22C20 22 20 28 22 30C24 20 30 18 34 26C38 18 44 20 46 30H50V18C50 14 54 12 58 14L60 20H56V36C56 40 52 42 48 42V56H44V42H20V56H16V42C10 40 8 36 8 30Z" fill={p.main} />
      <circle cx="56" cy="16" r="1.5" fill={p.dark} />
    </>
  )],
  [/wild 7|seven|\b7\b/i, "seven", (p) => (
    <path d="M14 10H50V19L32 56H20L37 20H14Z" fill={p.main} stroke={p.accent} strokeWidth="3" strokeLinejoin="round" />
  )],
  [/diamond|emerald|gem|jewel|crystal/i, "gem", gem],
  [/bell/i, "bell", (p) => (
    <>
      <circle cx="32" cy="9" r="4" fill={p.accent} />
      <path d="M32 11C21 11 17 21 17 31V40L11 47H53L47 40V31C47 21 43 11 32 11Z" fill={p.main} />
      <path d="M22 24C23 18 27 16 30 16" stroke={p.light} strokeWidth="3" strokeLinecap="round" fill="none" />
      <circle cx="32" cy="52" r="5.5" fill={p.accent} />
    </>
  )],
  [/\bbar\b/i, "bar", (p) => (
    <>
      <rect x="6" y="18" width="52" height="28" rx="5" fill={p.main} stroke={p.accent} strokeWidth="3" />
      <text x="32" y="40" textAnchor="middle" fontFamily="Impact, 'Arial Black', Arial, sans-serif" fontWeight="900" fontSize="20" fill={p.dark}>
        BAR
      </text>
    </>
  )],
  [/cherr/i, "cherry", () => (
    <>
      <path d="M22 38C24 24 32 14 44 10M42 40C40 28 42 18 44 10" fill="none" stroke="hsl(110 50% 40%)" strokeWidth="3" strokeLinecap="round" />
      <path d="M44 10C50 6 58 10 58 16C52 18 46 16 44 10Z" fill="hsl(110 55% 45%)" />
      <circle cx="21" cy="45" r="10" fill="hsl(352 80% 50%)" />
      <circle cx="43" cy="47" r="10" fill="hsl(352 80% 45%)" />
      <circle cx="17" cy="41" r="3" fill="hsl(352 90% 80%)" />
      <circle cx="39" cy="43" r="3" fill="hsl(352 90% 80%)" />
    </>
  )],
  [/lemon/i, "lemon", () => (
    <>
      <path d="M8 34C8 22 20 14 32 14C44 14 56 22 56 34C56 44 44 52 32 52C20 52 8 44 8 34Z" fill="hsl(52 95% 55%)" transform="rotate(-18 32 33)" />
      <path d="M6 40L2 44M58 26L62 22" stroke="hsl(52 90% 45%)" strokeWidth="4" strokeLinecap="round" />
      <path d="M20 28C24 22 30 20 34 20" stroke="hsl(55 100% 85%)" strokeWidth="3" strokeLinecap="round" fill="none" />
    </>
  )],
  [/plum/i, "plum", () => (
    <>
      <circle cx="32" cy="36" r="19" fill="hsl(285 55% 42%)" />
      <path d="M32 18C28 28 28 44 32 54" stroke="hsl(285 50% 28%)" strokeWidth="2" fill="none" />
      <path d="M32 18L34 8M34 10C40 4 48 6 50 10C44 14 38 13 34 10Z" fill="hsl(110 50% 42%)" stroke="hsl(30 40% 30%)" strokeWidth="1.5" />
      <circle cx="24" cy="29" r="4" fill="hsl(285 60% 70%)" />
    </>
  )],
  [/orange/i, "orange", () => (
    <>
      <circle cx="32" cy="35" r="20" fill="hsl(30 95% 52%)" />
      <path d="M32 15C36 9 44 8 48 10C46 16 38 18 32 15Z" fill="hsl(110 55% 40%)" />
      <circle cx="32" cy="15" r="2" fill="hsl(30 60% 30%)" />
      {[
        [24, 28], [40, 30], [28, 44], [42, 42], [34, 36],
      ].map(([x, y]) => (
        <circle key={`${x}${y}`} cx={x} cy={y} r="1.3" fill="hsl(30 90% 70%)" />
      ))}
    </>
  )],
  [/odin/i, "odin", (p) => (
    <>
      <path d="M14 36C14 20 22 12 32 12C42 12 50 20 50 36Z" fill={p.main} />
      <path d="M14 30C6 26 4 16 8 8C10 18 14 22 18 24ZM50 30C58 26 60 16 56 8C54 18 50 22 46 24Z" fill={p.light} />
      <rect x="12" y="34" width="40" height="6" rx="2" fill={p.accent} />
      <rect x="29" y="34" width="6" height="18" rx="2" fill={p.accent} />
      <path d="M18 46L26 42M38 46C40 42 46 42 48 46C46 50 40 50 38 46Z" stroke={p.dark} strokeWidth="3" fill={p.dark} strokeLinecap="round" />
    </>
  )],
  [/thor/i, "thor", (p) => (
    <>
      <path d="M18 40C18 24 24 16 32 16C40 16 46 24 46 40Z" fill={p.main} />
      <path d="M18 30C10 22 6 22 2 24C6 28 10 30 8 34C12 32 14 34 18 36ZM46 30C54 22 58 22 62 24C58 28 54 30 56 34C52 32 50 34 46 36Z" fill={p.light} />
      <rect x="16" y="38" width="32" height="6" rx="2" fill={p.accent} />
      <path d="M34 46L28 54H34L30 62" stroke={p.accent} strokeWidth="3" fill="none" strokeLinejoin="round" />
    </>
  )],
  [/loki|snake|serpent/i, "snake", (p) => (
    <>
      <path d="M44 14C34 8 16 12 18 22C20 32 46 28 46 40C46 52 26 56 14 48" fill="none" stroke={p.main} strokeWidth="8" strokeLinecap="round" />
      <ellipse cx="47" cy="15" rx="8" ry="6" fill={p.main} />
      <circle cx="49" cy="13" r="1.8" fill={p.dark} />
      <path d="M55 16L61 15M55 16L60 19" stroke="hsl(0 80% 55%)" strokeWidth="1.6" strokeLinecap="round" />
    </>
  )],
  [/mj.lnir|hammer/i, "hammer", (p) => (
    <>
      <rect x="10" y="8" width="44" height="22" rx="4" fill={p.main} stroke={p.accent} strokeWidth="2.5" />
      <path d="M14 19H50" stroke={p.accent} strokeWidth="2" />
      <rect x="28" y="30" width="8" height="22" fill={p.accent} />
      <path d="M28 36H36M28 42H36M28 48H36" stroke={p.dark} strokeWidth="1.5" />
      <circle cx="32" cy="56" r="4" fill={p.main} />
    </>
  )],
  [/anvil/i, "anvil", (p) => (
    <path d="M6 18H52C52 26 46 30 40 30V38H46V46H18V38H24V30C14 30 8 26 6 18Z" fill={p.main} stroke={p.accent} strokeWidth="2.5" strokeLinejoin="round" />
  )],
  [/rune stone|standing stone/i, "runestone", (p) => (
    <>
      <path d="M20 58L16 20C16 10 24 4 32 4C40 4 48 10 48 20L44 58Z" fill={p.accent} stroke={p.main} strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M32 14L42 26L32 38L22 26ZM22 48L32 38L42 48" fill="none" stroke={p.main} strokeWidth="4" strokeLinejoin="round" strokeLinecap="round" />
    </>
  )],
  [/rune/i, "rune", rune],
  [/lightning|bolt|thunder/i, "bolt", bolt],
  [/\bice\b|frost|snow/i, "snowflake", (p) => (
    <>
      <path d={rays(32, 32, 0, 25, 6)} stroke={p.main} strokeWidth="4" strokeLinecap="round" />
      <path
        d={Array.from({ length: 6 }, (_, i) => {
          const a = (Math.PI * i) / 3;
          const x = 32 + 15 * Math.cos(a);
          const y = 32 + 15 * Math.sin(a);
          const l = (d: number) => `${(x + 7 * Math.cos(a + d)).toFixed(1)} ${(y + 7 * Math.sin(a + d)).toFixed(1)}`;
          return `M${l(2.4)}L${x.toFixed(1)} ${y.toFixed(1)}L${l(-2.4)}`;
        }).join("")}
        stroke={p.light}
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </>
  )],
  [/raven|parrot|eagle|bird|owl/i, "bird", bird],
  [/longship|galleon|ship|boat/i, "ship", ship],
  [/moon/i, "moon", (p) => (
    <>
      <path d="M40 6C26 8 16 20 16 34C16 48 28 58 42 58C48 58 54 56 58 52C44 54 30 44 30 28C30 18 34 10 40 6Z" fill={p.main} />
      <polygon points={star(48, 22, 6, 2.5)} fill={p.light} />
    </>
  )],
  [/gold pile|hoard/i, "coins", (p) => (
    <>
      {[
        [20, 46], [44, 46], [32, 36],
      ].map(([x, y]) => (
        <g key={`${x}`}>
          <ellipse cx={x} cy={y! + 4} rx="14" ry="6" fill={p.accent} />
          <ellipse cx={x} cy={y} rx="14" ry="6" fill={p.main} stroke={p.accent} strokeWidth="1.5" />
        </g>
      ))}
      <polygon points={star(32, 18, 7, 3)} fill={p.light} />
    </>
  )],
  [/coin|doubloon/i, "coin", coin],
  [/tentacle/i, "tentacle", (p) => (
    <>
      <path d="M18 60C14 40 22 24 38 20C50 18 54 30 46 36C40 40 34 34 38 30" fill="none" stroke={p.main} strokeWidth="10" strokeLinecap="round" />
      {[
        [20, 46], [24, 34], [32, 26], [43, 23],
      ].map(([x, y]) => (
        <circle key={`${x}${y}`} cx={x} cy={y} r="2.2" fill={p.light} />
      ))}
    </>
  )],
  [/kraken|octopus/i, "octopus", (p) => (
    <>
      <path d="M12 56C16 46 14 40 20 36M24 58C26 48 24 42 28 38M40 58C38 48 40 42 36 38M52 56C48 46 50 40 44 36" fill="none" stroke={p.main} strokeWidth="5" strokeLinecap="round" />
      <path d="M32 6C44 6 50 14 50 24C50 34 42 40 32 40C22 40 14 34 14 24C14 14 20 6 32 6Z" fill={p.main} />
      <circle cx="25" cy="26" r="4" fill={p.light} />
      <circle cx="39" cy="26" r="4" fill={p.light} />
      <circle cx="25" cy="27" r="2" fill={p.dark} />
      <circle cx="39" cy="27" r="2" fill={p.dark} />
    </>
  )],
  [/mermaid|tail/i, "tail", (p) => (
    <>
      <path d="M30 4C22 16 22 30 30 40L16 56C24 52 30 52 32 48C34 52 40 52 48 56L36 40C42 30 40 16 34 4Z" fill={p.main} />
      <path d="M26 18C30 20 34 20 37 18M25 26C30 28 34 28 38 26M27 34C30 35 34 35 36 34" stroke={p.accent} strokeWidth="2" fill="none" />
    </>
  )],
  [/chest|treasure/i, "chest", (p) => (
    <>
      <path d="M8 28C8 16 18 10 32 10C46 10 56 16 56 28Z" fill={p.accent} />
      <rect x="8" y="28" width="48" height="26" rx="3" fill={p.main} />
      <path d="M8 28H56M18 10V54M46 10V54" stroke={p.dark} strokeWidth="2.5" />
      <rect x="27" y="24" width="10" height="12" rx="2" fill={p.light} stroke={p.dark} strokeWidth="1.5" />
      <circle cx="32" cy="30" r="1.8" fill={p.dark} />
    </>
  )],
  [/seahorse/i, "seahorse", (p) => (
    <>
      <path d="M38 8C30 6 24 12 26 18L16 20L26 26C22 34 22 42 30 46C38 50 38 56 30 56C26 56 25 52 28 51" fill="none" stroke={p.main} strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M38 8C44 10 44 18 40 22C36 26 34 30 36 36" fill="none" stroke={p.main} strokeWidth="7" strokeLinecap="round" />
      <path d="M40 26L48 24L44 32Z" fill={p.accent} />
      <circle cx="33" cy="13" r="1.8" fill={p.dark} />
    </>
  )],
  [/trident/i, "trident", (p) => (
    <>
      <path d="M32 6V58M16 10V26C16 32 22 34 32 34C42 34 48 32 48 26V10" fill="none" stroke={p.main} strokeWidth="5" strokeLinecap="round" />
      <path d="M32 2L27 10H37ZM16 4L12 12H20ZM48 4L44 12H52Z" fill={p.main} />
      <rect x="27" y="40" width="10" height="5" rx="1.5" fill={p.accent} />
    </>
  )],
  [/pearl|shell/i, "pearl", (p) => (
    <>
      <path d="M6 40C6 22 18 10 32 10C46 10 58 22 58 40Z" fill={p.accent} />
      <path d="M32 10V40M32 10L14 40M32 10L50 40M32 10L22 40M32 10L42 40" stroke={p.dark} strokeWidth="1.5" opacity="0.6" />
      <path d="M6 40H58C54 50 44 54 32 54C20 54 10 50 6 40Z" fill={p.main} opacity="0.7" />
      <circle cx="32" cy="43" r="8" fill={p.light} />
      <circle cx="29" cy="40" r="2.5" fill="#fff" />
    </>
  )],
  [/whirlpool|spiral|vortex/i, "spiral", spiral],
  [/comet/i, "comet", (p) => (
    <>
      <path d="M6 6L38 30M14 4L40 26M4 14L34 34" stroke={p.accent} strokeWidth="4" strokeLinecap="round" opacity="0.7" />
      <polygon points={star(42, 40, 17, 7.5)} fill={p.main} />
    </>
  )],
  [/star/i, "star", starShape],
  [/dice/i, "dice", (p) => (
    <>
      <rect x="10" y="10" width="44" height="44" rx="9" fill={p.light} stroke={p.main} strokeWidth="3" />
      {[
        [21, 21], [43, 21], [32, 32], [21, 43], [43, 43],
      ].map(([x, y]) => (
        <circle key={`${x}${y}`} cx={x} cy={y} r="4.2" fill={p.dark} />
      ))}
    </>
  )],
  [/chip/i, "chip", (p) => (
    <>
      <circle cx="32" cy="32" r="24" fill={p.main} />
      <path d={rays(32, 32, 17, 24, 8)} stroke={p.light} strokeWidth="6" />
      <circle cx="32" cy="32" r="14" fill={p.accent} stroke={p.light} strokeWidth="2" strokeDasharray="3 3" />
    </>
  )],
  [/mirror ball|disco/i, "disco", (p) => (
    <>
      <path d="M32 2V10" stroke={p.accent} strokeWidth="2" />
      <circle cx="32" cy="34" r="23" fill={p.main} />
      <path d="M9 34H55M12 23H52M12 45H52M20 15H44M20 53H44M32 11V57M20 14C14 26 14 42 20 54M44 14C50 26 50 42 44 54" stroke={p.dark} strokeWidth="1.4" fill="none" opacity="0.6" />
      <path d="M20 24L26 24L26 30L20 30Z" fill={p.light} />
    </>
  )],
  [/chil+i|pepper/i, "chilli", () => (
    <>
      <path d="M44 14C52 26 46 46 22 56C14 58 10 54 16 50C32 42 38 30 36 18Z" fill="hsl(4 85% 50%)" />
      <path d="M36 18C36 12 40 10 44 14C46 10 48 8 52 8" fill="none" stroke="hsl(110 50% 38%)" strokeWidth="4" strokeLinecap="round" />
      <path d="M40 24C42 30 38 38 32 42" stroke="hsl(4 90% 75%)" strokeWidth="2.5" fill="none" strokeLinecap="round" />
    </>
  )],
  [/joystick/i, "joystick", (p) => (
    <>
      <rect x="8" y="42" width="48" height="14" rx="5" fill={p.accent} />
      <rect x="29" y="20" width="6" height="24" fill={p.dark} />
      <circle cx="32" cy="16" r="10" fill={p.main} />
      <circle cx="46" cy="48" r="3.5" fill={p.light} />
    </>
  )],
  [/headlight|\bcar\b/i, "car", (p) => (
    <>
      <path d="M8 38L14 22C16 18 20 16 24 16H40C44 16 48 18 50 22L56 38V48H8Z" fill={p.main} />
      <path d="M17 30L20 22H44L47 30Z" fill={p.dark} />
      <circle cx="17" cy="40" r="5" fill={p.light} />
      <circle cx="47" cy="40" r="5" fill={p.light} />
      <rect x="10" y="48" width="10" height="6" rx="2" fill={p.dark} />
      <rect x="44" y="48" width="10" height="6" rx="2" fill={p.dark} />
    </>
  )],
  [/showgirl|feather|fan/i, "fan", (p) => (
    <>
      {Array.from({ length: 7 }, (_, i) => (
        <ellipse key={i} cx="32" cy="22" rx="5" ry="18" fill={i % 2 ? p.accent : p.main} transform={`rotate(${-60 + i * 20} 32 48)`} />
      ))}
      <circle cx="32" cy="48" r="6" fill={p.light} />
    </>
  )],
  [/pixel|invader/i, "pixel", (p) => (
    <path
      d="M16 12h6v6h-6zM42 12h6v6h-6zM22 18h20v6H22zM16 24h32v6H16zM10 30h12v6H10zM28 30h8v6h-8zM42 30h12v6H42zM10 36h44v6H10zM16 42h6v6h-6zM42 42h6v6h-6zM22 48h6v6h-6zM36 48h6v6h-6z"
      fill={p.main}
    />
  )],
  [/map/i, "map", (p) => (
    <>
      <path d="M8 14L22 8L42 14L56 8V50L42 56L22 50L8 56Z" fill={p.light} stroke={p.accent} strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M22 8V50M42 14V56" stroke={p.accent} strokeWidth="1.5" opacity="0.6" />
      <path d="M14 40C20 30 28 36 32 28" stroke={p.dark} strokeWidth="2" strokeDasharray="3 3" fill="none" />
      <path d="M34 20L42 28M42 20L34 28" stroke="hsl(0 80% 48%)" strokeWidth="3.5" strokeLinecap="round" />
    </>
  )],
  [/jellyfish/i, "jellyfish", (p) => (
    <>
      <path d="M10 32C10 18 20 8 32 8C44 8 54 18 54 32C48 30 44 34 40 32C36 30 34 34 32 32C30 34 28 30 24 32C20 34 16 30 10 32Z" fill={p.main} />
      <path d="M18 34C16 42 22 48 18 56M28 34C26 44 30 50 28 58M36 34C38 44 34 50 36 58M46 34C48 42 42 48 46 56" stroke={p.accent} strokeWidth="3" fill="none" strokeLinecap="round" />
      <circle cx="24" cy="20" r="3" fill={p.light} opacity="0.8" />
    </>
  )],
  [/dolphin/i, "dolphin", (p) => (
    <>
      <path d="M6 40C10 24 26 14 42 16L48 8L48 18C54 22 58 28 58 32L50 32C44 30 36 32 30 38L36 50L24 42C16 44 10 44 6 40Z" fill={p.main} />
      <circle cx="46" cy="24" r="1.8" fill={p.dark} />
      <path d="M4 54C14 48 22 52 30 54C38 56 48 50 60 54" stroke={p.accent} strokeWidth="3" fill="none" strokeLinecap="round" />
    </>
  )],
  [/turtle/i, "turtle", (p) => (
    <>
      <ellipse cx="14" cy="22" rx="5" ry="8" fill={p.accent} transform="rotate(-40 14 22)" />
      <ellipse cx="50" cy="22" rx="5" ry="8" fill={p.accent} transform="rotate(40 50 22)" />
      <ellipse cx="14" cy="46" rx="5" ry="8" fill={p.accent} transform="rotate(40 14 46)" />
      <ellipse cx="50" cy="46" rx="5" ry="8" fill={p.accent} transform="rotate(-40 50 46)" />
      <circle cx="32" cy="9" r="6" fill={p.accent} />
      <ellipse cx="32" cy="34" rx="17" ry="20" fill={p.main} />
      <path d="M32 22L40 28L38 38L26 38L24 28Z M32 22V14M40 28L48 24M38 38L44 46M26 38L20 46M24 28L16 24" stroke={p.dark} strokeWidth="2" fill="none" />
    </>
  )],
  [/diver|helmet/i, "diver", (p) => (
    <>
      <circle cx="32" cy="30" r="22" fill={p.main} stroke={p.accent} strokeWidth="3" />
      <circle cx="32" cy="30" r="11" fill={p.dark} stroke={p.light} strokeWidth="3" />
      <circle cx="13" cy="30" r="4" fill={p.light} />
      <circle cx="51" cy="30" r="4" fill={p.light} />
      <rect x="14" y="50" width="36" height="8" rx="3" fill={p.accent} />
      <circle cx="28" cy="26" r="3" fill={p.light} opacity="0.6" />
    </>
  )],
  [/wave|tide/i, "wave", wave],
];

const CARD_RANK = /^(10|[AKQJ9])$/;

/** A stable hue per id; golden-angle steps keep neighbouring ids (A, B, C…) far apart on the colour wheel. */
export function hueOf(id: string): number {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) % 9973;
  return Math.round((h * 137.508) % 360);
}

const initials = (name: string, id: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase() || id.slice(0, 2);

/** The drawing for a symbol (its key names the drawing: tests check that symbols of one machine differ). */
export function symbolArt(symbol: Pick<SlotSymbol, "id" | "name" | "kind">): SymbolArt {
  const hue = hueOf(symbol.id);
  const name = symbol.name.trim();
  if (CARD_RANK.test(name)) {
    return {
      key: `rank:${name}`,
      hue,
      draw: (p) => (
        <text x="32" y="46" textAnchor="middle" fontFamily="Georgia, 'Times New Roman', serif" fontWeight="700" fontSize={name === "10" ? 34 : 40} fill={p.main} stroke={p.dark} strokeWidth="1.5" paintOrder="stroke">
          {name}
        </text>
      ),
    };
  }
  for (const [pattern, key, draw] of ART) if (pattern.test(name)) return { key, hue, draw };
  const text = initials(name, symbol.id);
  const sides = 5 + (hue % 4);
  return {
    key: `badge:${text}:${sides}`,
    hue,
    draw: (p) => (
      <>
        <polygon points={star(32, 32, 26, 26 * Math.cos(Math.PI / sides), sides)} fill={p.main} stroke={p.accent} strokeWidth="2.5" strokeLinejoin="round" />
        <text x="32" y="40" textAnchor="middle" fontFamily="system-ui, Arial, sans-serif" fontWeight="800" fontSize="22" fill={p.dark}>
          {text}
        </text>
      </>
    ),
  };
}
