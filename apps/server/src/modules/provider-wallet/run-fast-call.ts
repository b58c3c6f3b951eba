import { sql } from "drizzle-orm";
import { batcherPerDatabase } from "../../lib/call-batcher.ts";
import { databaseBatchSlot } from "../../lib/database-batch-slot.ts";
import { hashGameSessionToken } from "../game-sessions/game-session-token.ts";
import { PLATFORM_OWNER } from "../ledger/ledger-accounts.ts";
import { checkAmount, isZeroAmount } from "@croupier/contract/money";
import { hotRows, type HotDatabase } from "../../lib/sql-executor.ts";
import { answerBetOutcome } from "./bet-outcome.ts";
import { callFingerprintParts, fingerprintFields, type WalletCall } from "./fingerprint.ts";
import type { MoneyCallOutcome } from "./run-money-call.ts";
import { wakeOutboxDispatcher } from "./wake-outbox-dispatcher.ts";
import { outcomeFreeSpins, walletResult, type WalletCallResult } from "./wallet-call-result.ts";
import { NO_BET_RULES, type JurisdictionBetRules } from "../uk-profile/jurisdiction-bet-rules.ts";

/** A bet or win as provider_wallet_fast_calls (packages/db/functions) reads it. */
type FastCall = {
  method: "bet" | "win";
  provider_code: string;
  token_hash: string;
  transaction_uuid: string;
  reference_uuid: string | null;
  game_code: string;
  round_id: string;
  round_closed: boolean;
  currency: string;
  play_amount: string;
  fraction_digits: number;
  zero: boolean;
  free_spin: boolean;
  fp_head: string;
  fp_tail: string;
  bonus_cost_owner: string;
} & JurisdictionBetRules;

type FastAnswer = MoneyCallOutcome & { i: number; currency: string; decimals: number };

// The database's bound: a batch that has to go call by call then uses at most the 64
// subtransactions a backend caches. Under load every waiting call leaves in the next batch.
const FAST_BATCH_MAX = 64;
// One batch in flight per process, as the money batches (run-money-call.ts): two cost more CPU
// per call on both sides and carried fewer calls per second (ADR 008, "Measurements").
const FAST_BATCHES_IN_FLIGHT = 1;
/** Amounts with more fraction digits than this are never ordinary (no currency has more). */
const MAX_FRACTION_DIGITS = 18;

const fastBatcher = batcherPerDatabase({
  run: runFastBatch,
  max_batch: FAST_BATCH_MAX,
  max_in_flight: FAST_BATCHES_IN_FLIGHT,
  name: "provider-wallet-fast",
  // One batch at a time across processes too (WALLET_BATCH_SLOTS, ADR 042).
  slot: databaseBatchSlot("provider-wallet-fast"),
});

/**
 * The one-trip path of a bet or win (ADR 008): the context read, the checks
 * and the money in one statement and one commit, shared with the calls that
 * arrived meanwhile. Answers only an ordinary call, the same as the
 * two-statement path would; undefined means "not ordinary, or not sure":
 * the caller takes that path (place-bet.ts, settle-win.ts through
 * with-call-context.ts), which decides the exact answer. Nothing has moved
 * when it returns undefined.
 */
export async function runFastCall(
  database: HotDatabase,
  providerCode: string,
  call: Extract<WalletCall, { method: "bet" | "win" }>,
  rules: JurisdictionBetRules = NO_BET_RULES,
): Promise<WalletCallResult | undefined> {
  const { method, request } = call;
  // A win without a token (ADR 011) is a recovery call: it resolves its session from the bet first.
  if (request.token === undefined) return undefined;
  // A malformed amount is never ordinary: the two-statement path answers it in its own order.
  if (!checkAmount(request.amount, MAX_FRACTION_DIGITS, { allowZero: true }).ok) return undefined;
  const fields = fingerprintFields(call);
  const { head, tail } = callFingerprintParts(fields);
  return fastBatcher(database).submit({
    method,
    provider_code: providerCode,
    token_hash: hashGameSessionToken(request.token),
    transaction_uuid: request.transaction_uuid,
    reference_uuid: fields.referenceUuid,
    game_code: request.game_code,
    round_id: request.round_id,
    round_closed: request.round_closed,
    currency: request.currency,
    play_amount: request.amount,
    fraction_digits: (request.amount.split(".")[1] ?? "").length,
    zero: isZeroAmount(request.amount),
    free_spin: fields.freeSpin,
    fp_head: head,
    fp_tail: tail,
    bonus_cost_owner: PLATFORM_OWNER,
    // The jurisdiction's bet rules (ADR 025); wins never read them.
    ...rules,
  });
}

async function runFastBatch(database: HotDatabase, calls: FastCall[]): Promise<(WalletCallResult | undefined)[]> {
  let rows: { r: FastAnswer }[];
  try {
    rows = await hotRows<{ r: FastAnswer }>(
      database,
      sql`SELECT r FROM provider_wallet_fast_calls(${JSON.stringify(calls.map((call, i) => ({ ...call, i })))}::jsonb) AS r`,
    );
  } catch {
    // Nothing of the batch committed; the two-statement path isolates the call at fault.
    return calls.map(() => undefined);
  }
  const answers: (WalletCallResult | undefined)[] = new Array(calls.length).fill(undefined);
  let moved = false;
  for (const { r } of rows) {
    const answer = answerOf(calls[r.i]!, r);
    if (answer?.status === "OK") moved = true;
    answers[r.i] = answer;
  }
  if (moved) wakeOutboxDispatcher(database);
  return answers;
}

function answerOf(call: FastCall, answer: FastAnswer): WalletCallResult | undefined {
  // Lost a race on its key: the two-statement path answers it as a repeat.
  if (answer.retry) return undefined;
  const wallet = { currency: answer.currency, decimals: answer.decimals };
  if (call.method === "bet") return answerBetOutcome(answer, wallet);
  // A win that moved nothing met a bet rolled back meanwhile: let the other path say so.
  if (!answer.applied) return undefined;
  return walletResult("OK", {
    ...wallet,
    balance: answer.balance_after,
    bonusBalance: answer.bonus_balance_after,
    freeSpins: outcomeFreeSpins(answer),
  });
}
