import { Fraction } from "../../stats/fraction.ts";
import { REELS, ROWS, type SlotGame } from "./slot-types.ts";

export type SlotRtp = {
  /** Expected credits of one paid spin from lines/ways (per stake). */
  baseLines: Fraction;
  baseScatter: Fraction;
  triggerProbability: Fraction;
  featureValue: Fraction;
  rtp: Fraction;
  hitFrequencyNote: string;
};

/**
 * Exact RTP by enumerating every stop of every reel. Reels stop
 * independently and uniformly, so for each reel we enumerate all of its
 * stops and tabulate what its 3-symbol window contains; the expectation
 * over all Π len(reel) stop combinations then factorises reel by reel
 * (linearity of expectation) — the same number a brute-force loop over
 * every combination gives (evaluate-spin.test.ts checks that on small strips).
 *
 * Free spins: ≥ trigger scatters award `spins` spins on the same strips at
 * `multiplier`, without retrigger, so the feature is worth
 * spins × multiplier × (expected win of one spin).
 */
export function computeSlotRtp(game: SlotGame): SlotRtp {
  const wild = game.symbols.find((symbol) => symbol.kind === "wild")?.id;
  const scatter = game.symbols.find((symbol) => symbol.kind === "scatter");
  const perStake = new Fraction(game.creditsPerStake);
  let lineCredits = Fraction.ZERO;

  for (const symbol of game.symbols) {
    if (symbol.kind !== "normal") continue;
    // For lines: probability that the line's cell on reel r matches; for ways: the expected number of matching cells.
    const match: Fraction[] = [];
    const noMatch: Fraction[] = [];
    for (let reel = 0; reel < REELS; reel += 1) {
      const strip = game.strips[reel]!;
      const accepts = (id: string) => id === symbol.id || (reel > 0 && id === wild);
      let cells = 0;
      let emptyWindows = 0;
      for (let stop = 0; stop < strip.length; stop += 1) {
        let inWindow = 0;
        for (let row = 0; row < ROWS; row += 1) if (accepts(strip[(stop + row) % strip.length]!)) inWindow += 1;
        cells += inWindow;
        if (inWindow === 0) emptyWindows += 1;
      }
      if (game.mode.type === "lines") {
        // A line's cell on a reel is one window row; over all stops each row sees every strip position once.
        const p = new Fraction(cells, strip.length * ROWS);
        match.push(p);
        noMatch.push(Fraction.ONE.sub(p));
      } else {
        match.push(new Fraction(cells, strip.length));
        noMatch.push(new Fraction(emptyWindows, strip.length));
      }
    }
    for (let count = 3; count <= REELS; count += 1) {
      let term = new Fraction(symbol.pays[count - 3]!);
      for (let reel = 0; reel < count; reel += 1) term = term.mul(match[reel]!);
      if (count < REELS) term = term.mul(noMatch[count]!);
      lineCredits = lineCredits.add(term);
    }
  }
  if (game.mode.type === "lines") lineCredits = lineCredits.mul(game.mode.lines.length);

  // Distribution of the number of visible scatters: convolution of each reel's window counts.
  let distribution: Fraction[] = [Fraction.ONE];
  for (let reel = 0; reel < REELS; reel += 1) {
    const strip = game.strips[reel]!;
    const counts = new Array<number>(ROWS + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop += 1) {
      let inWindow = 0;
      for (let row = 0; row < ROWS; row += 1) if (strip[(stop + row) % strip.length] === scatter?.id) inWindow += 1;
      counts[inWindow]! += 1;
    }
    const next: Fraction[] = new Array(distribution.length + ROWS).fill(Fraction.ZERO);
    distribution.forEach((p, have) => {
      counts.forEach((ways, add) => {
        if (ways > 0) next[have + add] = next[have + add]!.add(p.mul(new Fraction(ways, strip.length)));
      });
    });
    distribution = next;
  }
  let scatterStake = Fraction.ZERO;
  let trigger = Fraction.ZERO;
  distribution.forEach((p, count) => {
    if (scatter && count >= 3) scatterStake = scatterStake.add(p.mul(scatter.pays[Math.min(count, 5) - 3]!));
    if (count >= game.freeSpins.trigger) trigger = trigger.add(p);
  });

  const baseLines = lineCredits.div(perStake);
  const spinValue = baseLines.add(scatterStake);
  const featureValue = spinValue.mul(game.freeSpins.spins * game.freeSpins.multiplier);
  return {
    baseLines,
    baseScatter: scatterStake,
    triggerProbability: trigger,
    featureValue,
    rtp: spinValue.add(trigger.mul(featureValue)),
    hitFrequencyNote: `free spins trigger 1 in ${(1 / trigger.toNumber()).toFixed(1)} spins`,
  };
}
