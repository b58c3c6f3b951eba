import { randomBytes } from "node:crypto";
import { houseGames } from "../src/games/game-catalog.ts";
import { simulateGame } from "../src/games/simulate.ts";

// npm run bench:rtp [-- <rounds per game> [game-code filter]]
// Long simulations with fresh seeds: measured RTP and its 99 % interval (±2.576·σ/√N) against the exact figure.
const rounds = Number(process.argv[2] ?? 1_000_000);
const filter = process.argv[3] ?? "";
const seed = randomBytes(32).toString("hex");
console.log(`seed ${seed}, ${rounds.toLocaleString("en")} rounds per game (slots ×1, tables ×1)\n`);
console.log(`${"game".padEnd(46)} ${"exact RTP".padStart(10)} ${"measured".padStart(10)} ${"± 99 %".padStart(9)}  inside`);
let outside = 0;
for (const game of houseGames().values()) {
  if (!game.code.includes(filter)) continue;
  const started = Date.now();
  const result = simulateGame(game, rounds, seed);
  if (!result.inside) outside += 1;
  console.log(
    `${game.code.padEnd(46)} ${(result.expected * 100).toFixed(4).padStart(9)}% ${(result.measured * 100).toFixed(4).padStart(9)}% ${(result.halfWidth * 100).toFixed(4).padStart(8)}%  ${result.inside ? "yes" : "NO "}  ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
console.log(`\n${outside} game(s) outside their 99 % interval (about 1 in 100 is expected by chance).`);
