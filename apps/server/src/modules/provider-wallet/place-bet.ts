import type { BetRequest } from "@croupier/contract/entities/provider-wallet";
import { systemAccountGuid } from "../ledger/ledger-accounts.ts";
import { checkAmount } from "@croupier/contract/money";
import type { HotDatabase } from "../../lib/sql-executor.ts";
import { answerBetOutcome } from "./bet-outcome.ts";
import { runFastCall } from "./run-fast-call.ts";
import { moneyCallCommon, runMoneyCall } from "./run-money-call.ts";
import { walletResult, type WalletCallResult } from "./wallet-call-result.ts";
import { checkJurisdictionBet } from "../uk-profile/check-jurisdiction-bet.ts";
import { NO_BET_RULES, type JurisdictionBetRules } from "../uk-profile/jurisdiction-bet-rules.ts";
import { RETRY, withCallContext } from "./with-call-context.ts";

/**
 * bet: debit the stake, cash first then bonus money (ADR 004). An ordinary bet
 * is answered in one statement (run-fast-call.ts, ADR 008); anything else comes
 * back untouched and is decided here. The debit runs in provider_wallet_apply
 * (packages/db/functions) under the wallet row's lock, batched with concurrent
 * calls (run-money-call.ts, ADR 007); a stake the wallet cannot cover moves
 * nothing, whatever the concurrency. `rules` are the jurisdiction's (ADR 025: verification before
 * play, the slots stake limit), applied the same way on both paths.
 */
export async function placeBet(
  database: HotDatabase,
  providerCode: string,
  request: BetRequest,
  rules: JurisdictionBetRules = NO_BET_RULES,
): Promise<WalletCallResult> {
  const call = { method: "bet", request } as const;
  const fast = await runFastCall(database, providerCode, call, rules);
  if (fast) return fast;
  return withCallContext(database, providerCode, call, {
    decide: async ({ ctx, wallet, fingerprint }) => {
      if (ctx.expired) return walletResult("TOKEN_EXPIRED", wallet);
      if (request.game_code !== ctx.game_code || !ctx.game_in_catalog) return walletResult("INVALID_GAME", wallet);
      if (request.currency !== ctx.play_currency_code) return walletResult("WRONG_CURRENCY", wallet);
      const amount = checkAmount(request.amount, ctx.play_decimals, { allowZero: request.is_free_spin });
      if (!amount.ok) return walletResult("INVALID_REQUEST", wallet);
      if (ctx.player_blocked || ctx.wallet_blocked) return walletResult("PLAYER_BLOCKED", wallet);
      if (ctx.limit_reached) return walletResult("LIMIT_REACHED", wallet);
      const refused = await checkJurisdictionBet(database, rules, { sessionGuid: ctx.session_guid, playAmount: amount.value });
      if (refused) return walletResult(refused, wallet);

      const house = await systemAccountGuid(database.db, {
        kind: "house_game",
        owner: providerCode,
        currencyGuid: ctx.currency_guid,
      });
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
        can_free_spin: ctx.can_free_spin,
        ...moneyCallCommon(ctx),
      });
      // Someone claimed this transaction_uuid (a concurrent duplicate, or a
      // rollback's tombstone) and committed first: nothing of ours was kept.
      // Read again and answer as a repeat.
      if (outcome.retry) return RETRY;
      return answerBetOutcome(outcome, wallet);
    },
  });
}
