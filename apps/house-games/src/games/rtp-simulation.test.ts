import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findGame, houseGames } from "./game-catalog.ts";
import { simulateGame } from "./simulate.ts";

// CI sizes: tens of seconds in all. `npm run bench:rtp` runs far longer simulations with fresh seeds.
const ROUNDS: Record<string, number> = { slot: 15_000, blackjack: 20_000, live_blackjack: 10_000 };
const SEED = "house-rtp-ci";

const catalogue = JSON.parse(readFileSync(new URL("../../../../packages/db/src/seed/catalog/demo-catalog.json", import.meta.url), "utf8")) as {
  games: { external_guid: string; game_provider: string; can_demo: boolean; can_freespins: boolean; section: string }[];
};

describe("the house provider implements every catalogue game", () => {
  it("maps each house external_guid to a game with the same demo / free-spin abilities", () => {
    const house = catalogue.games.filter((game) => game.game_provider === "house");
    expect(house.length).toBe(64);
    for (const entry of house) {
      const game = findGame(entry.external_guid);
      expect(game, entry.external_guid).toBeDefined();
      expect(game!.canDemo).toBe(entry.can_demo);
      expect(game!.canFreeSpins).toBe(entry.can_freespins);
      expect(game!.live).toBe(entry.section === "Live");
    }
    expect(houseGames().size).toBe(house.length);
  });
});

describe("simulated RTP lands within RTP ± 2.576·σ/√N", () => {
  for (const game of houseGames().values()) {
    it(`${game.code} (RTP ${game.rtp.toDecimal(4)})`, () => {
      const rounds = ROUNDS[game.kind] ?? 40_000;
      const first = simulateGame(game, rounds, SEED);
      // 64 games at 99 % each: about one lands outside by chance on any seed. A game outside gets one
      // independent re-run (false alarm 10⁻⁴ per game); a game whose true RTP is off fails both.
      const result = first.inside ? first : simulateGame(game, rounds, `${SEED}:second`);
      expect(Math.abs(result.measured - result.expected), JSON.stringify({ first, result })).toBeLessThanOrEqual(result.halfWidth);
    });
  }
});
