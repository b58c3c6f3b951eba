import type { SlotVariant } from "./build-slot.ts";

type Theme = SlotVariant["theme"];
const EGYPT: Theme = { high: ["Pharaoh", "Golden Mask", "Eye of Horus", "Ankh"], low: ["A", "K", "Q", "J"], wild: "Pyramid", scatter: "Scarab" };
const NEON: Theme = { high: ["Lucky 7", "Diamond", "Bell", "Bar"], low: ["Cherry", "Lemon", "Plum", "Orange"], wild: "Neon Wild", scatter: "Star" };
const NORSE: Theme = { high: ["Odin", "Thor", "Freya", "Loki"], low: ["A", "K", "Q", "J"], wild: "Mjölnir", scatter: "Rune" };
const OCEAN: Theme = { high: ["Kraken", "Mermaid", "Treasure Chest", "Seahorse"], low: ["A", "K", "Q", "10"], wild: "Trident", scatter: "Pearl" };

const theme = (base: Theme, wild?: string, scatter?: string): Theme => ({ ...base, wild: wild ?? base.wild, scatter: scatter ?? base.scatter });

type Row = [slug: string, name: string, volatility: SlotVariant["volatility"], layout: SlotVariant["layout"], rtp: number, spins: number, multiplier: number, theme: Theme];

const studio = (id: string, rows: Row[]): SlotVariant[] =>
  rows.map(([slug, name, volatility, layout, targetRtp, spins, multiplier, t]) => ({
    slug,
    name,
    studio: id,
    volatility,
    layout,
    targetRtp,
    freeSpins: { spins, multiplier },
    theme: t,
  }));

/** The 40 themed slots of the catalogue: four studios, three volatility profiles, lines or 243 ways, RTP 92–98 %. */
export const SLOT_VARIANTS: SlotVariant[] = [
  ...studio("studio:sandstone", [
    ["pharaoh-gold", "Pharaoh Gold", "high", "lines20", 96.2, 10, 3, EGYPT],
    ["scarab-sun", "Scarab Sun", "low", "lines10", 94.5, 8, 2, theme(EGYPT, "Sun Disc")],
    ["jewels-of-the-delta", "Jewels of the Delta", "medium", "ways243", 95.8, 10, 2, theme(EGYPT, "Emerald", "Lotus")],
    ["sands-of-anubis", "Sands of Anubis", "high", "ways243", 96.5, 12, 2, theme(EGYPT, "Anubis")],
    ["temple-of-ra", "Temple of Ra", "medium", "lines20", 93.1, 10, 2, theme(EGYPT, "Ra")],
    ["sphinx-riddle", "Sphinx Riddle", "low", "lines20", 95.0, 8, 2, theme(EGYPT, "Sphinx")],
    ["nile-treasures", "Nile Treasures", "medium", "lines10", 96.0, 10, 2, theme(EGYPT, "Crocodile")],
    ["golden-obelisk", "Golden Obelisk", "high", "lines10", 97.2, 15, 3, theme(EGYPT, "Obelisk")],
    ["desert-caravan", "Desert Caravan", "low", "ways243", 92.6, 8, 2, theme(EGYPT, "Camel", "Oasis")],
    ["lotus-scatter", "Lotus Scatter", "medium", "lines20", 94.2, 12, 2, theme(EGYPT, "Papyrus", "Lotus")],
  ]),
  ...studio("studio:neon-alley", [
    ["neon-fruits", "Neon Fruits", "low", "lines10", 96.1, 8, 2, NEON],
    ["lucky-sevens", "Lucky Sevens", "medium", "lines10", 95.3, 10, 2, theme(NEON, "Wild 7")],
    ["cyber-cherries", "Cyber Cherries", "high", "ways243", 96.8, 10, 3, theme(NEON, "Chip")],
    ["retro-arcade", "Retro Arcade", "medium", "lines20", 93.8, 12, 2, theme(NEON, "Joystick", "Coin")],
    ["midnight-drive", "Midnight Drive", "high", "lines20", 95.6, 10, 3, theme(NEON, "Headlights")],
    ["disco-diamonds", "Disco Diamonds", "medium", "ways243", 97.0, 10, 2, theme(NEON, "Mirror Ball")],
    ["hot-chilli-bells", "Hot Chilli Bells", "low", "lines20", 92.9, 8, 2, theme(NEON, "Chilli")],
    ["vegas-nights", "Vegas Nights", "high", "lines10", 94.8, 15, 3, theme(NEON, "Showgirl", "Dice")],
    ["pixel-bars", "Pixel Bars", "low", "ways243", 95.5, 8, 2, theme(NEON, "Pixel")],
    ["starlit-jackpot", "Starlit Jackpot", "high", "lines20", 97.6, 12, 3, theme(NEON, "Comet")],
  ]),
  ...studio("studio:northern-forge", [
    ["valhalla-hall", "Valhalla Hall", "high", "ways243", 96.3, 12, 3, NORSE],
    ["thunder-hammer", "Thunder Hammer", "medium", "lines20", 95.1, 10, 2, theme(NORSE, "Lightning")],
    ["frost-giants", "Frost Giants", "high", "lines10", 93.5, 10, 3, theme(NORSE, "Ice Wall", "Frost Rune")],
    ["runes-of-odin", "Runes of Odin", "medium", "ways243", 96.7, 10, 2, theme(NORSE, "Raven")],
    ["dragons-hoard", "Dragon's Hoard", "high", "lines20", 97.4, 15, 3, theme(NORSE, "Dragon", "Gold Pile")],
    ["viking-voyage", "Viking Voyage", "low", "lines10", 94.0, 8, 2, theme(NORSE, "Longship")],
    ["aurora-wilds", "Aurora Wilds", "medium", "lines20", 95.9, 12, 2, theme(NORSE, "Aurora")],
    ["howling-moon", "Howling Moon", "low", "ways243", 93.3, 8, 2, theme(NORSE, "Wolf", "Moon")],
    ["forge-of-fortune", "Forge of Fortune", "medium", "lines10", 96.9, 10, 2, theme(NORSE, "Anvil")],
    ["rune-cascade", "Rune Cascade", "low", "lines20", 97.8, 8, 2, theme(NORSE, "Rune Stone")],
  ]),
  ...studio("studio:coral-reef", [
    ["coral-cascade", "Coral Cascade", "medium", "ways243", 96.0, 10, 2, OCEAN],
    ["pearl-diver", "Pearl Diver", "low", "lines20", 95.4, 8, 2, theme(OCEAN, "Diver")],
    ["kraken-depths", "Kraken Depths", "high", "ways243", 94.4, 15, 3, theme(OCEAN, "Tentacle", "Whirlpool")],
    ["treasure-lagoon", "Treasure Lagoon", "medium", "lines10", 93.7, 10, 2, theme(OCEAN, "Parrot", "Map")],
    ["jellyfish-glow", "Jellyfish Glow", "low", "ways243", 96.6, 8, 2, theme(OCEAN, "Jellyfish")],
    ["sunken-galleon", "Sunken Galleon", "high", "lines20", 95.2, 12, 3, theme(OCEAN, "Galleon", "Doubloon")],
    ["dolphin-reef", "Dolphin Reef", "low", "lines10", 97.1, 8, 2, theme(OCEAN, "Dolphin")],
    ["tidal-gems", "Tidal Gems", "medium", "lines20", 92.4, 10, 2, theme(OCEAN, "Wave", "Gem")],
    ["sea-turtle-bay", "Sea Turtle Bay", "high", "lines10", 96.4, 10, 3, theme(OCEAN, "Turtle")],
    ["kelp-forest", "Kelp Forest", "medium", "ways243", 94.9, 12, 2, theme(OCEAN, "Kelp", "Starfish")],
  ]),
];
