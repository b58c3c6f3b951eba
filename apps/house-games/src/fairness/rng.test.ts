import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { chiSquare, chiSquareCritical99, chiSquareUniform, Z_99 } from "../stats/statistics.ts";
import { FairStream, hashServerSeed, newServerSeed, TWO_POW_32, uniformInt } from "./rng.ts";

// 10⁷ draws take a few seconds on one core; CI runs 10⁶ unless RNG_FULL=1.
const DRAWS = process.env.RNG_FULL === "1" ? 10_000_000 : 1_000_000;
const seeds = { serverSeed: "a".repeat(64), clientSeed: "fairness-test", nonce: 1 };

describe("fair stream", () => {
  it("is HMAC-SHA256(server seed, client_seed:nonce:round), 4 bytes per uint32, in order", () => {
    const stream = new FairStream(seeds);
    const block0 = createHmac("sha256", seeds.serverSeed).update("fairness-test:1:0").digest();
    const block1 = createHmac("sha256", seeds.serverSeed).update("fairness-test:1:1").digest();
    const expected = [...Array(8).keys()].map((i) => block0.readUInt32BE(i * 4)).concat(block1.readUInt32BE(0));
    expect(Array.from({ length: 9 }, () => stream.nextUint32())).toEqual(expected);
    expect(new FairStream({ ...seeds, nonce: 2 }).nextUint32()).not.toBe(expected[0]);
  });

  it("commits to a fresh 32-byte server seed by its SHA-256", () => {
    const seed = newServerSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(newServerSeed()).not.toBe(seed);
    expect(hashServerSeed(seed)).toBe(createHash("sha256").update(seed).digest("hex"));
  });

  it("rejects the incomplete top bucket instead of folding it back", () => {
    // n = 3·2³⁰: k = 1, so every u ≥ 3·2³⁰ must be redrawn, never wrapped onto the low third.
    const values = [0xffff_ffff, 0xc000_0000, 5];
    expect(uniformInt(() => values.shift()!, 3 * 2 ** 30)).toBe(5);
    expect(() => uniformInt(() => 0, 0)).toThrow(RangeError);
  });
});

describe(`scaling: χ² at α = 0.01 on ${DRAWS.toExponential(0)} draws`, () => {
  it("rejection sampling to 37 pockets passes; a byte-modulo generator over the same bytes fails", () => {
    const stream = new FairStream(seeds);
    const fair = new Float64Array(37);
    for (let i = 0; i < DRAWS; i += 1) fair[stream.nextInt(37)]! += 1;
    const fairChi = chiSquareUniform(fair, DRAWS);

    const biasedStream = new FairStream(seeds);
    const biased = new Float64Array(37);
    // The classic mistake: one random byte % 37 (256 = 6·37 + 34, so 0…33 come up 7/256, the rest 6/256).
    for (let i = 0; i < DRAWS; i += 1) biased[(biasedStream.nextUint32() & 0xff) % 37]! += 1;
    const biasedChi = chiSquareUniform(biased, DRAWS);

    const critical = chiSquareCritical99(36);
    expect(fairChi).toBeLessThan(critical);
    expect(biasedChi).toBeGreaterThan(critical);
  });

  it("over the full 32-bit word: n = 3·2³⁰ by rejection passes, u mod n fails", () => {
    const n = 3 * 2 ** 30;
    const third = (value: number) => Math.floor(value / 2 ** 30);
    const stream = new FairStream({ ...seeds, nonce: 2 });
    const fair = new Float64Array(3);
    const biased = new Float64Array(3);
    const draws = Math.min(DRAWS, 300_000);
    for (let i = 0; i < draws; i += 1) fair[third(stream.nextInt(n))]! += 1;
    for (let i = 0; i < draws; i += 1) biased[third(stream.nextUint32() % n)]! += 1;
    expect(chiSquareUniform(fair, draws)).toBeLessThan(chiSquareCritical99(2));
    expect(chiSquareUniform(biased, draws)).toBeGreaterThan(chiSquareCritical99(2));
  });

  it("floats fill [0, 1) evenly (100 bins)", () => {
    const stream = new FairStream({ ...seeds, nonce: 3 });
    const bins = new Float64Array(100);
    const draws = DRAWS / 2;
    for (let i = 0; i < draws; i += 1) bins[Math.floor(stream.nextFloat() * 100)]! += 1;
    expect(chiSquareUniform(bins, draws)).toBeLessThan(chiSquareCritical99(99));
    expect(new FairStream(seeds).nextFloat()).toBeLessThan(1);
    expect((TWO_POW_32 - 1) / TWO_POW_32).toBeLessThan(1);
  });
});

describe("scaled outcomes at 99 %", () => {
  const N = 1_000_000;

  it("frequency (monobit) and runs tests on coin flips drawn with nextInt(2)", () => {
    const stream = new FairStream({ ...seeds, nonce: 4 });
    const bits = new Uint8Array(N);
    for (let i = 0; i < N; i += 1) bits[i] = stream.nextInt(2);
    let ones = 0;
    for (const bit of bits) ones += bit;
    // Frequency: S/√N is standard normal.
    const frequencyZ = Math.abs(2 * ones - N) / Math.sqrt(N);
    expect(frequencyZ).toBeLessThan(Z_99);
    // Runs (NIST SP 800-22 §2.3): number of runs against its expectation given π.
    const pi = ones / N;
    let runs = 1;
    for (let i = 1; i < N; i += 1) if (bits[i] !== bits[i - 1]) runs += 1;
    const runsZ = Math.abs(runs - 2 * N * pi * (1 - pi)) / (2 * Math.sqrt(N) * pi * (1 - pi));
    expect(runsZ).toBeLessThan(Z_99);
  });

  it("runs test catches an alternating sequence and frequency catches a biased coin", () => {
    const alternating = Array.from({ length: 10_000 }, (_, i) => i % 2);
    let runs = 1;
    for (let i = 1; i < alternating.length; i += 1) if (alternating[i] !== alternating[i - 1]) runs += 1;
    const runsZ = Math.abs(runs - 2 * 10_000 * 0.25) / (2 * Math.sqrt(10_000) * 0.25);
    expect(runsZ).toBeGreaterThan(Z_99);
  });

  it("serial correlation of consecutive roulette pockets and dice rolls is indistinguishable from 0", () => {
    for (const n of [37, 6, 10_000]) {
      const stream = new FairStream({ ...seeds, nonce: 5 + n });
      const xs = new Float64Array(N);
      for (let i = 0; i < N; i += 1) xs[i] = stream.nextInt(n);
      let mean = 0;
      for (const x of xs) mean += x;
      mean /= N;
      let numerator = 0;
      let denominator = 0;
      for (let i = 0; i < N; i += 1) {
        const d = xs[i]! - mean;
        denominator += d * d;
        if (i + 1 < N) numerator += d * (xs[i + 1]! - mean);
      }
      // Lag-1 autocorrelation r: r·√N is approximately standard normal under independence.
      expect(Math.abs((numerator / denominator) * Math.sqrt(N))).toBeLessThan(Z_99);
    }
  });

  it("pairs of consecutive die results are uniform over 36 cells (serial test)", () => {
    const stream = new FairStream({ ...seeds, nonce: 9 });
    const cells = new Float64Array(36);
    const pairs = N / 2;
    for (let i = 0; i < pairs; i += 1) cells[stream.nextInt(6) * 6 + stream.nextInt(6)]! += 1;
    expect(chiSquare(cells, new Float64Array(36).fill(1 / 36), pairs)).toBeLessThan(chiSquareCritical99(35));
  });
});
