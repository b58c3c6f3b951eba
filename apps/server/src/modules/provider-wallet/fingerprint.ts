import { canonicalAmount } from "../ledger/money.ts";

/**
 * The parameters that make a transaction what it is. A repeat of a
 * transaction_uuid must match them exactly (amounts compared by value, so
 * "10.50" repeats "10.5"); request_uuid, timestamp and token may differ
 * between retries. The player is the session's, not the token string.
 */
export function callFingerprint(input: {
  method: string;
  playerGuid: string;
  walletGuid: string;
  gameCode: string;
  roundId: string;
  amount: string | null;
  currency: string | null;
  referenceUuid: string | null;
  freeSpin: boolean;
  roundClosed: boolean;
}): string {
  return JSON.stringify([
    input.method,
    input.playerGuid,
    input.walletGuid,
    input.gameCode,
    input.roundId,
    input.amount === null ? null : canonicalAmount(input.amount),
    input.currency,
    input.referenceUuid,
    input.freeSpin,
    input.roundClosed,
  ]);
}

/** The fingerprint of a tombstone: no call can ever match it. */
export const TOMBSTONE_FINGERPRINT = "tombstone";
