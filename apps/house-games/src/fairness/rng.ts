import { createHash, createHmac, randomBytes } from "node:crypto";

/**
 * The provably fair RNG. Everything a round draws comes from
 *   bytes(round) = HMAC-SHA256(key = server seed, message = "<client_seed>:<nonce>:<round>")
 * for round = 0, 1, 2, … (32 bytes each), read 4 bytes at a time as a
 * big-endian uint32. The server seed is committed by its SHA-256 before play
 * and revealed on rotation, so anyone can recompute every outcome.
 */
export type SeedTriple = { serverSeed: string; clientSeed: string; nonce: number };

export const TWO_POW_32 = 0x1_0000_0000;

/** 32 bytes from the operating system's CSPRNG, as 64 hex characters. */
export function newServerSeed(): string {
  return randomBytes(32).toString("hex");
}

/** A default client seed (the player may replace it). */
export function newClientSeed(): string {
  return randomBytes(8).toString("hex");
}

export function hashServerSeed(serverSeed: string): string {
  return createHash("sha256").update(serverSeed, "utf8").digest("hex");
}

/** A stream of uint32s for one bet: HMAC blocks in order, 8 words per block. */
export class FairStream {
  private block = 0;
  private bytes: Buffer = Buffer.alloc(0);
  private offset = 32;
  private readonly key: Buffer;
  private readonly prefix: string;

  constructor(seeds: SeedTriple) {
    this.key = Buffer.from(seeds.serverSeed, "utf8");
    this.prefix = `${seeds.clientSeed}:${seeds.nonce}:`;
  }

  nextUint32(): number {
    if (this.offset >= 32) this.refill();
    const word = this.bytes.readUInt32BE(this.offset);
    this.offset += 4;
    return word;
  }

  /** A float in [0, 1) with 32 bits of resolution. */
  nextFloat(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /** An integer in [0, n) without bias: reject the incomplete top bucket, never take a modulo. */
  nextInt(n: number): number {
    return uniformInt(() => this.nextUint32(), n);
  }

  private refill() {
    this.bytes = createHmac("sha256", this.key).update(`${this.prefix}${this.block}`).digest();
    this.block += 1;
    this.offset = 0;
  }
}

/**
 * Rejection sampling of [0, n) from uniform uint32s: with k = floor(2³² / n),
 * values ≥ n·k would over-represent the low results, so they are redrawn;
 * the rest map to floor(u / k), each result owning exactly k values.
 */
export function uniformInt(nextUint32: () => number, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`range ${n}`);
  const k = Math.floor(TWO_POW_32 / n);
  const limit = n * k;
  for (;;) {
    const u = nextUint32();
    if (u < limit) return Math.floor(u / k);
  }
}
