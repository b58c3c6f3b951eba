/**
 * A per-address token bucket kept in this process's memory: `per_minute` tokens
 * refill evenly over a minute and a full minute's worth may be spent at once (a
 * lobby's first paint asks for every tile together). Used for work that is
 * cheap to ask for and dear to do (image resizes). Several processes each keep
 * their own budget, which only makes the limit looser by that factor.
 */
export type AddressBudget = {
  /** Takes one token for the address: 0 when granted, else the whole seconds to wait for the next token. */
  take(address: string, now_ms?: number): number;
};

type Bucket = { tokens: number; updated_ms: number };

// Bounds the memory an address-rotating client can make us hold; the oldest buckets go first.
const MAX_ADDRESSES = 10_000;

export function createAddressBudget(options: { per_minute: number; max_addresses?: number }): AddressBudget {
  const capacity = options.per_minute;
  const refill_per_ms = capacity / 60_000;
  const max_addresses = options.max_addresses ?? MAX_ADDRESSES;
  const buckets = new Map<string, Bucket>();
  if (!(capacity >= 1)) throw new Error("createAddressBudget: per_minute must be at least 1");

  return {
    take(address, now_ms = Date.now()) {
      const bucket = buckets.get(address) ?? { tokens: capacity, updated_ms: now_ms };
      buckets.delete(address);
      bucket.tokens = Math.min(capacity, bucket.tokens + Math.max(0, now_ms - bucket.updated_ms) * refill_per_ms);
      bucket.updated_ms = now_ms;
      buckets.set(address, bucket);
      if (buckets.size > max_addresses) buckets.delete(buckets.keys().next().value as string);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / refill_per_ms / 1000));
    },
  };
}
