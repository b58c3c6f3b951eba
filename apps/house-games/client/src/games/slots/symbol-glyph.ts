import type { SlotSymbol } from "../../api/types.ts";

/** Symbols are drawn from text and emoji (no image downloads): a glyph for a known name, else its initials on a coloured tile. */
const KEYWORDS: [RegExp, string][] = [
  [/odin/i, "🧙"], [/thor\b/i, "⚡"], [/freya/i, "🌸"], [/loki/i, "🐍"], [/mj.lnir/i, "🔨"], [/rune/i, "ᚱ"], [/kraken/i, "🐙"],
  [/mermaid/i, "🧜"], [/seahorse/i, "🌊"], [/trident/i, "🔱"], [/obelisk/i, "🗼"], [/crocodile/i, "🐊"], [/camel/i, "🐫"], [/oasis/i, "🌴"],
  [/papyrus/i, "📜"], [/anubis/i, "🐺"], [/\bra\b/i, "☀️"], [/chip/i, "🔷"],
  [/cherr/i, "🍒"], [/lemon/i, "🍋"], [/orange/i, "🍊"], [/plum/i, "🍑"], [/grape/i, "🍇"], [/melon/i, "🍉"], [/bell/i, "🔔"],
  [/seven|\b7\b/i, "7"], [/diamond|gem|jewel|ruby|emerald|sapphire|crystal/i, "💎"], [/crown|king\b|queen\b/i, "👑"], [/ankh/i, "☥"],
  [/scarab|beetle/i, "🪲"], [/eye/i, "👁"], [/pyramid/i, "🔺"], [/sphinx|pharaoh|mask/i, "🗿"], [/star/i, "⭐"], [/clover|shamrock|lucky/i, "🍀"],
  [/coin|gold/i, "🪙"], [/horseshoe/i, "🧲"], [/dragon/i, "🐉"], [/tiger/i, "🐯"], [/panda/i, "🐼"], [/lantern/i, "🏮"], [/fish|koi/i, "🐟"],
  [/wolf/i, "🐺"], [/moon/i, "🌙"], [/sun/i, "☀️"], [/rocket/i, "🚀"], [/planet|saturn/i, "🪐"], [/alien/i, "👽"], [/skull/i, "💀"],
  [/chest|treasure/i, "🧰"], [/anchor/i, "⚓"], [/ship/i, "⛵"], [/parrot/i, "🦜"], [/map/i, "🗺"], [/sword/i, "🗡"], [/shield/i, "🛡"],
  [/axe/i, "🪓"], [/hammer/i, "🔨"], [/owl/i, "🦉"], [/cat/i, "🐱"], [/fox/i, "🦊"], [/bear/i, "🐻"], [/eagle|bird/i, "🦅"], [/lion/i, "🦁"],
  [/mushroom/i, "🍄"], [/flower|lotus|rose/i, "🌸"], [/leaf|tree/i, "🌳"], [/fire|flame/i, "🔥"], [/ice|snow/i, "❄️"], [/bolt|lightning|thunder/i, "⚡"],
  [/heart/i, "❤️"], [/spade/i, "♠️"], [/club/i, "♣️"], [/wild/i, "★"], [/scatter|bonus/i, "✦"], [/bar/i, "BAR"], [/candy|sweet/i, "🍬"],
  [/cake/i, "🧁"], [/pepper|chili/i, "🌶"], [/cactus/i, "🌵"], [/guitar/i, "🎸"], [/drum/i, "🥁"], [/mic/i, "🎤"], [/car/i, "🏎"],
  [/pearl|shell/i, "🐚"], [/octopus/i, "🐙"], [/whale/i, "🐋"], [/wizard|mage/i, "🧙"], [/potion/i, "🧪"], [/book/i, "📖"], [/ring/i, "💍"],
];

const CARD_RANK = /^(10|[AKQJ9])$/;

export type Glyph = { text: string; hue: number; emoji: boolean };

function hueOf(id: string): number {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) % 9973;
  // Golden-angle steps keep neighbouring ids (A, B, C…) far apart on the colour wheel.
  return Math.round((h * 137.508) % 360);
}

export function glyphFor(symbol: Pick<SlotSymbol, "id" | "name" | "kind">): Glyph {
  const hue = hueOf(symbol.id);
  if (symbol.kind === "blank") return { text: "", hue, emoji: false };
  if (CARD_RANK.test(symbol.name.trim())) return { text: symbol.name.trim(), hue, emoji: false };
  if (symbol.kind === "wild") return { text: "W", hue: 45, emoji: false };
  if (symbol.kind === "scatter") return { text: "✦", hue: 210, emoji: false };
  for (const [re, glyph] of KEYWORDS) if (re.test(symbol.name)) return { text: glyph, hue, emoji: !/^[A-Z0-9]+$/.test(glyph) };
  const initials = symbol.name
    .split(/\s+/)
    .map((w) => w[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return { text: initials || symbol.id.slice(0, 2), hue, emoji: false };
}
