import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline (PLAYER_PROTECTION 24): 19 MiB, 2 passes, 1 lane. The PHC string
// records them, so raising them later still verifies old hashes.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

// Verified against when the account does not exist, so both cases cost the same time.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword("no-such-account-timing-equaliser");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
