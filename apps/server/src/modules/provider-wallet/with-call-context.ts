import type { HotDatabase } from "../../lib/sql-executor.ts";
import { hashGameSessionToken } from "../game-sessions/game-session-token.ts";
import { callFingerprint, fingerprintFields, type WalletCall } from "./fingerprint.ts";
import { loadCallContext, type CallContext, type StoredTransaction } from "./load-call-context.ts";
import { resolveCallSession, type CallSession } from "./resolve-call-session.ts";
import { walletResult, type WalletCallResult } from "./wallet-call-result.ts";

/** A verb's "read again": a concurrent call claimed a key first, and the next read answers it as a repeat. */
export const RETRY = Symbol("retry");
export type Decided = WalletCallResult | typeof RETRY;

export type ContextWallet = ReturnType<typeof contextWallet>;

/** What a verb decides on: the context, the wallet as it stands, and the call's fingerprint. */
export type CallDecision = { ctx: CallContext; wallet: ContextWallet; fingerprint: string };

export type CallRules = {
  /** The verb's own rules, once the call is known to be neither unknown nor a repeat. */
  decide: (decision: CallDecision) => Promise<Decided>;
  /**
   * A win or rollback without a token whose bet names no session (ADR 011): what is stored under
   * both keys. Without this rule such a call has no session to act on.
   */
  withoutSession?: (stored: Extract<CallSession, { found: false }>) => Promise<Decided>;
};

/** How many times a call re-reads and retries after losing a race on its key. */
const MAX_ATTEMPTS = 4;

/**
 * The two-statement path's preamble, the same for bet, win and rollback: find the session (the
 * token's, or for a win or rollback without one, its bet's), read the call's context (batched,
 * load-call-context.ts), refuse an unknown session, fingerprint the call and answer a repeat of a
 * stored transaction_uuid as its original. Everything else is the verb's `decide`; a RETRY from it
 * reads again, up to MAX_ATTEMPTS times.
 */
export async function withCallContext(
  database: HotDatabase,
  providerCode: string,
  call: WalletCall,
  rules: CallRules,
): Promise<WalletCallResult> {
  const { request } = call;
  const referenceUuid = call.method === "bet" ? null : call.request.reference_transaction_uuid;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    // A bet always carries its token; a win or rollback may not (ADR 011).
    const session: CallSession =
      call.method === "bet"
        ? { found: true, tokenHash: hashGameSessionToken(call.request.token) }
        : await resolveCallSession(database, providerCode, {
            token: call.request.token,
            transactionUuid: request.transaction_uuid,
            referenceUuid: call.request.reference_transaction_uuid,
          });
    if (!session.found) {
      const answer = rules.withoutSession ? await rules.withoutSession(session) : walletResult("INVALID_TOKEN");
      if (answer === RETRY) continue;
      return answer;
    }
    const ctx = await loadCallContext(database, {
      providerCode,
      tokenHash: session.tokenHash,
      transactionUuid: request.transaction_uuid,
      referenceUuid,
    });
    if (unknownSession(ctx, providerCode)) return walletResult("INVALID_TOKEN");
    const fingerprint = callFingerprint({
      ...fingerprintFields(call),
      playerGuid: ctx.customer_guid,
      walletGuid: ctx.wallet_guid,
    });
    if (ctx.own) return replayStored(ctx, ctx.own, fingerprint);
    const answer = await rules.decide({ ctx, wallet: contextWallet(ctx), fingerprint });
    if (answer !== RETRY) return answer;
  }
  throw new Error(`${call.method} ${request.transaction_uuid} kept losing races`);
}

/**
 * The wallet as it stands in the context, for answers that move nothing: in
 * the currency the game plays in (converted and rounded down on a conversion
 * session, ADR 006).
 */
export function contextWallet(ctx: CallContext) {
  return {
    currency: ctx.play_currency_code,
    decimals: ctx.play_decimals,
    balance: ctx.play_balance,
    bonusBalance: ctx.play_bonus_balance,
    freeSpins: { count: Number(ctx.free_spin_count), bet: ctx.play_free_spin_bet },
  };
}

/** The token must name a session of this provider. */
export function unknownSession(ctx: CallContext | undefined, providerCode: string): ctx is undefined {
  return !ctx || ctx.session_provider !== providerCode;
}

/**
 * A transaction_uuid seen before: identical parameters → the original
 * outcome, any difference → DUPLICATE_TRANSACTION; a tombstone (a rollback got
 * there first) → TRANSACTION_ROLLED_BACK. Nothing moves either way.
 */
function replayStored(ctx: CallContext, stored: StoredTransaction, fingerprint: string): WalletCallResult {
  if (stored.status === "tombstone") return walletResult("TRANSACTION_ROLLED_BACK", contextWallet(ctx));
  if (stored.fingerprint !== fingerprint) return walletResult("DUPLICATE_TRANSACTION", contextWallet(ctx));
  return walletResult("OK", {
    currency: ctx.play_currency_code,
    decimals: ctx.play_decimals,
    balance: stored.play_balance_after ?? ctx.play_balance,
    bonusBalance: stored.play_bonus_balance_after ?? ctx.play_bonus_balance,
    // Not stored with the original: the wallet's free rounds as they stand now.
    freeSpins: { count: Number(ctx.free_spin_count), bet: ctx.play_free_spin_bet },
  });
}
