import type { BetRequest } from "@croupier/contract/entities/provider-wallet";
import { systemAccountGuid } from "../ledger/ledger-accounts.ts";
import { checkAmount } from "@croupier/contract/money";
import { hashGameSessionToken } from "../game-sessions/game-session-token.ts";
import type { HotDatabase } from "../../lib/sql-executor.ts";
import { contextWallet, MAX_ATTEMPTS, replayStored, unknownSession } from "./call-preamble.ts";
import { callFingerprint } from "./fingerprint.ts";
import { answerBetOutcome } from "./bet-outcome.ts";
import { loadCallContext } from "./load-call-context.ts";
import { runFastCall } from "./run-fast-call.ts";
import { moneyCallCommon, runMoneyCall } from "./run-money-call.ts";
import { walletResult, type WalletCallResult } from "./wallet-call-result.ts";

/**
 * bet: debit the stake, cash first then bonus money (ADR 004). The debit runs
 * in provider_wallet_apply (migration 0009) under the wallet row's lock, batched
 * with concurrent calls (run-money-call.ts); a stake the wallet cannot cover
 * moves nothing, whatever the concurrency.
 */
export async function placeBet(database: HotDatabase, providerCode: string, request: BetRequest): Promise<WalletCallResult> {
  // An ordinary bet is answered in one statement; anything else comes back undefined, untouched.
  const fast = await runFastCall(database, providerCode, { method: "bet", request });
  if (fast) return fast;
  const tokenHash = hashGameSessionToken(request.token);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const ctx = await loadCallContext(database, {
      providerCode,
      tokenHash,
      transactionUuid: request.transaction_uuid,
      referenceUuid: null,
    });
    if (unknownSession(ctx, providerCode)) return walletResult("INVALID_TOKEN");
    const wallet = contextWallet(ctx);
    const fingerprint = callFingerprint({
      method: "bet",
      playerGuid: ctx.customer_guid,
      walletGuid: ctx.wallet_guid,
      gameCode: request.game_code,
      roundId: request.round_id,
      amount: request.amount,
      currency: request.currency,
      referenceUuid: null,
      freeSpin: request.is_free_spin,
      roundClosed: request.round_closed,
    });
    if (ctx.own) return replayStored(ctx, ctx.own, fingerprint);
    if (ctx.expired) return walletResult("TOKEN_EXPIRED", wallet);
    if (request.game_code !== ctx.game_code || !ctx.game_in_catalog) return walletResult("INVALID_GAME", wallet);
    if (request.currency !== ctx.play_currency_code) return walletResult("WRONG_CURRENCY", wallet);
    const amount = checkAmount(request.amount, ctx.play_decimals, { allowZero: request.is_free_spin });
    if (!amount.ok) return walletResult("INVALID_REQUEST", wallet);
    if (ctx.player_blocked || ctx.wallet_blocked) return walletResult("PLAYER_BLOCKED", wallet);
    if (ctx.limit_reached) return walletResult("LIMIT_REACHED", wallet);

    const house = await systemAccountGuid(database.db, { kind: "house_game", owner: providerCode, currencyGuid: ctx.currency_guid });
    const outcome = await runMoneyCall(database, {
      method: "bet",
      provider_code: providerCode,
      transaction_uuid: request.transaction_uuid,
      fingerprint,
      round_id: request.round_id,
      round_closed: request.round_closed,
      reference_uuid: null,
      play_amount: amount.value,
      house_account: house,
      announce: true,
      free_spin: request.is_free_spin,
      max_bet: ctx.max_bet,
      max_bonus_bet: ctx.max_bonus_bet,
      bonus_wage: ctx.bonus_wage,
      // Where bonus play is not allowed the stake must be covered by cash alone.
      bonus_play_allowed: ctx.bonus_play_allowed,
      ...moneyCallCommon(ctx),
    });
    // Someone claimed this transaction_uuid (a concurrent duplicate, or a
    // rollback's tombstone) and committed first: nothing of ours was kept.
    // Read again and answer as a repeat.
    if (outcome.retry) continue;
    return answerBetOutcome(outcome, wallet);
  }
  throw new Error(`bet ${request.transaction_uuid} kept losing races`);
}
