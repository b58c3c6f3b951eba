import type { BetRequest, RollbackRequest, WinRequest } from "@croupier/contract/entities/provider-wallet";
import { canonicalAmount } from "@croupier/contract/money";

/** A provider's bet, win or rollback as the verbs receive it. */
export type WalletCall =
  | { method: "bet"; request: BetRequest }
  | { method: "win"; request: WinRequest }
  | { method: "rollback"; request: RollbackRequest };

type FingerprintInput = {
  method: string;
  /** null: a rollback without a token of a bet never seen (no session names them, ADR 011). */
  playerGuid: string | null;
  walletGuid: string | null;
  gameCode: string;
  roundId: string;
  amount: string | null;
  currency: string | null;
  referenceUuid: string | null;
  freeSpin: boolean;
  roundClosed: boolean;
};

/**
 * The parameters that make a transaction what it is. A repeat of a
 * transaction_uuid must match them exactly (amounts compared by value, so
 * "10.50" repeats "10.5"); request_uuid, timestamp and token may differ
 * between retries. The player is the session's, not the token string.
 */
export function callFingerprint(input: FingerprintInput): string {
  const { head, tail } = callFingerprintParts(input);
  return `${head}${JSON.stringify(input.playerGuid)},${JSON.stringify(input.walletGuid)}${tail}`;
}

/**
 * The fingerprint around the session's player and wallet, for the one-trip
 * path where only the database knows them (provider_wallet_fast_calls joins
 * head, the JSON-quoted player and wallet, and tail): one builder for both
 * paths, so a repeat matches whichever path stored the original.
 */
export function callFingerprintParts(input: Omit<FingerprintInput, "playerGuid" | "walletGuid">): { head: string; tail: string } {
  const rest = JSON.stringify([
    input.gameCode,
    input.roundId,
    input.amount === null ? null : canonicalAmount(input.amount),
    input.currency,
    input.referenceUuid,
    input.freeSpin,
    input.roundClosed,
  ]);
  return { head: `[${JSON.stringify(input.method)},`, tail: `,${rest.slice(1)}` };
}

/**
 * What a call's fingerprint holds besides the session's player and wallet, from the request: one
 * mapping for the two-statement path (with-call-context.ts), the one-trip path (run-fast-call.ts)
 * and a rollback without a session. A rollback moves the bet's own amounts: it has none of its own.
 */
export function fingerprintFields(call: WalletCall): Omit<FingerprintInput, "playerGuid" | "walletGuid"> {
  const { method, request } = call;
  const common = { method, gameCode: request.game_code, roundId: request.round_id };
  switch (call.method) {
    case "bet":
      return {
        ...common,
        amount: call.request.amount,
        currency: call.request.currency,
        referenceUuid: null,
        freeSpin: call.request.is_free_spin,
        roundClosed: call.request.round_closed,
      };
    case "win":
      return {
        ...common,
        amount: call.request.amount,
        currency: call.request.currency,
        referenceUuid: call.request.reference_transaction_uuid,
        freeSpin: false,
        roundClosed: call.request.round_closed,
      };
    case "rollback":
      return {
        ...common,
        amount: null,
        currency: null,
        referenceUuid: call.request.reference_transaction_uuid,
        freeSpin: false,
        roundClosed: false,
      };
  }
}

/** The fingerprint of a tombstone: no call can ever match it. */
export const TOMBSTONE_FINGERPRINT = "tombstone";
