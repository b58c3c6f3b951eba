import type { WinRequest } from "@croupier/contract/entities/provider-wallet";
import { PLATFORM_OWNER, systemAccountGuid } from "../ledger/ledger-accounts.ts";
import { checkAmount, isZeroAmount } from "@croupier/contract/money";
import type { HotDatabase } from "../../lib/sql-executor.ts";
import { runFastCall } from "./run-fast-call.ts";
import { moneyCallCommon, runMoneyCall } from "./run-money-call.ts";
import { outcomeFreeSpins, walletResult, type WalletCallResult } from "./wallet-call-result.ts";
import { RETRY, withCallContext } from "./with-call-context.ts";

/**
 * win: credit the payout of a bet. Ignores token expiry, a closed login
 * session and player blocks (the player is owed the money). Without a token
 * the bet's session is used (ADR 011); with one, it must be the bet's. The
 * payout follows the bet's funding: the cash share of the stake wins cash, the
 * rest wins bonus money; a free spin's winnings are bonus money paid by the
 * operator (bonus_cost account). An ordinary win is answered in one statement
 * (run-fast-call.ts, ADR 008); anything else comes back untouched and is
 * decided here. The credit runs in provider_wallet_apply (packages/db/functions),
 * batched with concurrent calls (run-money-call.ts, ADR 007).
 */
export async function settleWin(
  database: HotDatabase,
  providerCode: string,
  request: WinRequest,
): Promise<WalletCallResult> {
  const call = { method: "win", request } as const;
  const fast = await runFastCall(database, providerCode, call);
  if (fast) return fast;
  return withCallContext(database, providerCode, call, {
    // No token and no bet of this provider to pay into: nothing to credit, nobody to name.
    withoutSession: async (stored) => {
      if (stored.own)
        return walletResult(stored.own.status === "tombstone" ? "TRANSACTION_ROLLED_BACK" : "DUPLICATE_TRANSACTION");
      if (stored.reference?.method === "tombstone") return walletResult("TRANSACTION_ROLLED_BACK");
      return walletResult("TRANSACTION_NOT_FOUND");
    },
    decide: async ({ ctx, wallet, fingerprint }) => {
      if (request.game_code !== ctx.game_code) return walletResult("INVALID_GAME", wallet);
      if (request.currency !== ctx.play_currency_code) return walletResult("WRONG_CURRENCY", wallet);
      const amount = checkAmount(request.amount, ctx.play_decimals, { allowZero: true });
      if (!amount.ok) return walletResult("INVALID_REQUEST", wallet);
      const bet = ctx.reference;
      if (
        !bet ||
        bet.method === "win" ||
        bet.method === "rollback" ||
        (bet.wallet_guid && bet.wallet_guid !== ctx.wallet_guid)
      ) {
        return walletResult("TRANSACTION_NOT_FOUND", wallet);
      }
      // The token must be the one the bet came with (a tombstone has no session).
      if (bet.session_guid && bet.session_guid !== ctx.session_guid)
        return walletResult("TRANSACTION_NOT_FOUND", wallet);
      if (bet.status !== "accepted") return walletResult("TRANSACTION_ROLLED_BACK", wallet);

      const house = await systemAccountGuid(database.db, {
        kind: "house_game",
        owner: providerCode,
        currencyGuid: ctx.currency_guid,
      });
      const bonusCost = bet.free_spin
        ? await systemAccountGuid(database.db, {
            kind: "bonus_cost",
            owner: PLATFORM_OWNER,
            currencyGuid: ctx.currency_guid,
          })
        : house;
      const outcome = await runMoneyCall(database, {
        method: "win",
        provider_code: providerCode,
        transaction_uuid: request.transaction_uuid,
        fingerprint,
        round_id: request.round_id,
        round_closed: request.round_closed,
        reference_uuid: request.reference_transaction_uuid,
        play_amount: amount.value,
        house_account: house,
        bonus_counterparty: bonusCost,
        announce: !isZeroAmount(amount.value),
        ...moneyCallCommon(ctx),
      });
      if (!outcome.retry && outcome.applied) {
        return walletResult("OK", {
          ...wallet,
          balance: outcome.balance_after,
          bonusBalance: outcome.bonus_balance_after,
          freeSpins: outcomeFreeSpins(outcome),
        });
      }
      // A concurrent duplicate claimed the key first, or the bet was rolled back
      // between our read and the lock: read again to answer precisely.
      return RETRY;
    },
  });
}
