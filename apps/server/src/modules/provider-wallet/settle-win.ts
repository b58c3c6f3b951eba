import { sql } from "drizzle-orm";
import type { WinRequest } from "@croupier/contract/entities/provider-wallet";
import { PLATFORM_OWNER, systemAccountGuid } from "../ledger/ledger-accounts.ts";
import { checkAmount, isZeroAmount } from "../ledger/money.ts";
import { hotRows, isUniqueViolation, type HotDatabase } from "../ledger/sql-executor.ts";
import { contextWallet, MAX_ATTEMPTS, replayStored, unknownSession } from "./call-preamble.ts";
import { callFingerprint } from "./fingerprint.ts";
import { loadCallContext } from "./load-call-context.ts";
import { exchangeFields, playAmountSql, walletAmountSql } from "./play-currency.ts";
import { callTailCtes, callTailResult } from "./provider-call-tail.ts";
import { wakeOutboxDispatcher } from "./wake-outbox-dispatcher.ts";
import { walletResult, type WalletCallResult } from "./wallet-call-result.ts";

/**
 * win: credit the payout of a bet. Ignores token expiry and player blocks
 * (the player is owed the money). The payout follows the bet's funding: the
 * cash share of the stake wins cash, the rest wins bonus money; a free spin's
 * winnings are bonus money paid by the operator (bonus_cost account).
 */
export async function settleWin(database: HotDatabase, providerCode: string, request: WinRequest): Promise<WalletCallResult> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const ctx = await loadCallContext(database, {
      providerCode,
      token: request.token,
      transactionUuid: request.transaction_uuid,
      referenceUuid: request.reference_transaction_uuid,
    });
    if (unknownSession(ctx, providerCode)) return walletResult("INVALID_TOKEN");
    const wallet = contextWallet(ctx);
    const fingerprint = callFingerprint({
      method: "win",
      playerGuid: ctx.customer_guid,
      walletGuid: ctx.wallet_guid,
      gameCode: request.game_code,
      roundId: request.round_id,
      amount: request.amount,
      currency: request.currency,
      referenceUuid: request.reference_transaction_uuid,
      freeSpin: false,
      roundClosed: request.round_closed,
    });
    if (ctx.own) return replayStored(ctx, ctx.own, fingerprint);
    if (request.game_code !== ctx.game_code) return walletResult("INVALID_GAME", wallet);
    if (request.currency !== ctx.play_currency_code) return walletResult("WRONG_CURRENCY", wallet);
    const amount = checkAmount(request.amount, ctx.play_decimals, { allowZero: true });
    if (!amount.ok) return walletResult("INVALID_REQUEST", wallet);
    const bet = ctx.reference;
    if (!bet || bet.method === "win" || bet.method === "rollback" || (bet.wallet_guid && bet.wallet_guid !== ctx.wallet_guid)) {
      return walletResult("TRANSACTION_NOT_FOUND", wallet);
    }
    if (bet.status !== "accepted") return walletResult("TRANSACTION_ROLLED_BACK", wallet);

    const house = await systemAccountGuid(database.db, { kind: "house_game", owner: providerCode, currencyGuid: ctx.currency_guid });
    const bonusCost = bet.free_spin
      ? await systemAccountGuid(database.db, { kind: "bonus_cost", owner: PLATFORM_OWNER, currencyGuid: ctx.currency_guid })
      : house;
    // The payout in the wallet currency: rounded down on a conversion session (play-currency.ts).
    const amt = walletAmountSql(ctx, amount.value, "down");
    try {
      const rows = await hotRows<{ bet_open: boolean; applied: boolean; balance_after: string | null; bonus_balance_after: string | null }>(
        database,
        sql`WITH bet AS (
              -- FOR SHARE: a rollback of this bet waits for the win, or the win sees it rolled back.
              SELECT t.amount, t.cash_amount, t.free_spin, t.game_transaction_guid
                FROM provider_transactions t
               WHERE t.provider_code = ${providerCode} AND t.transaction_uuid = ${request.reference_transaction_uuid}
                 AND t.method = 'bet' AND t.status = 'accepted' AND t.wallet_guid = ${ctx.wallet_guid}::uuid
                 FOR SHARE),
            split AS (
              SELECT bet.game_transaction_guid, bet.free_spin, parts.cash_part, ${amt} - parts.cash_part AS bonus_part
                FROM bet CROSS JOIN LATERAL (
                  SELECT CASE WHEN bet.free_spin THEN 0::numeric
                              WHEN bet.amount = 0 THEN ${amt}
                              ELSE trunc(${amt} * bet.cash_amount / bet.amount, ${ctx.decimals}::int) END AS cash_part) parts),
            moved AS (
              UPDATE wallets w
                 SET balance = w.balance + s.cash_part,
                     bonus_balance = w.bonus_balance + s.bonus_part,
                     free_spin_win_amount = w.free_spin_win_amount + CASE WHEN s.free_spin THEN ${amt} ELSE 0 END,
                     updated_at = now()
                FROM split s WHERE w.guid = ${ctx.wallet_guid}::uuid
              RETURNING w.guid, w.customer_guid, w.currency_guid, w.balance, w.bonus_balance, w.free_spin_count,
                        w.balance + w.bonus_balance - ${amt} AS total_before, s.cash_part, s.bonus_part,
                        w.cash_account_guid, w.bonus_account_guid, 0::numeric AS wager_contribution),
            ${callTailCtes({
              providerCode,
              transactionUuid: request.transaction_uuid,
              method: "win",
              fingerprint,
              roundId: request.round_id,
              roundClosed: request.round_closed,
              amount: amt,
              exchange: exchangeFields(ctx, sql`${amount.value}::numeric`),
              freeSpin: bet.free_spin,
              sessionGuid: ctx.session_guid,
              gameCode: ctx.game_code,
              gameGuid: ctx.game_guid,
              referenceUuid: request.reference_transaction_uuid,
              correlation: sql`(SELECT game_transaction_guid FROM split)`,
              cashCounterparty: house,
              bonusCounterparty: bonusCost,
              toPlayer: true,
              transferKind: { cash: "win", bonus: bet.free_spin ? "free_spin_win" : "win" },
              announce: !isZeroAmount(amount.value),
              currencyDecimals: ctx.decimals,
            })}
            SELECT (SELECT count(*) FROM bet) > 0 AS bet_open, (SELECT count(*) FROM moved) > 0 AS applied,
                   (SELECT ${playAmountSql(ctx, sql`balance`)}::text FROM moved) AS balance_after,
                   (SELECT ${playAmountSql(ctx, sql`bonus_balance`)}::text FROM moved) AS bonus_balance_after,
                   ${callTailResult}`,
      );
      const row = rows[0];
      if (row?.applied) {
        wakeOutboxDispatcher(database);
        return walletResult("OK", { ...wallet, balance: row.balance_after, bonusBalance: row.bonus_balance_after });
      }
      // The bet was rolled back between our read and the lock: read again to answer precisely.
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`win ${request.transaction_uuid} kept losing races`);
}
