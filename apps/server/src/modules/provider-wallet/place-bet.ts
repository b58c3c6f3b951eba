import { sql } from "drizzle-orm";
import type { BetRequest } from "@croupier/contract/entities/provider-wallet";
import { systemAccountGuid } from "../ledger/ledger-accounts.ts";
import { checkAmount } from "../ledger/money.ts";
import { hotRows, isUniqueViolation, type HotDatabase } from "../ledger/sql-executor.ts";
import { contextWallet, MAX_ATTEMPTS, replayStored, unknownSession } from "./call-preamble.ts";
import { callFingerprint } from "./fingerprint.ts";
import { loadCallContext } from "./load-call-context.ts";
import { exchangeFields, playAmountSql, walletAmountSql } from "./play-currency.ts";
import { callTailCtes, callTailResult } from "./provider-call-tail.ts";
import { wakeOutboxDispatcher } from "./wake-outbox-dispatcher.ts";
import { walletResult, type WalletCallResult } from "./wallet-call-result.ts";

/**
 * bet: debit the stake, cash first then bonus money (docs/decisions ADR on
 * bonus money). The whole debit is one guarded statement; a stake the wallet
 * cannot cover matches no row and moves nothing, whatever the concurrency.
 */
export async function placeBet(database: HotDatabase, providerCode: string, request: BetRequest): Promise<WalletCallResult> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const ctx = await loadCallContext(database, {
      providerCode,
      token: request.token,
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
    // The stake in the wallet currency: rounded up on a conversion session (play-currency.ts).
    const amt = walletAmountSql(ctx, amount.value, "up");
    const free = request.is_free_spin;
    const isFree = sql`${free}::boolean`;
    // Where bonus play is not allowed the stake must be covered by cash alone.
    const spendable = ctx.bonus_play_allowed ? sql`cur.balance + cur.bonus_balance` : sql`cur.balance`;
    try {
      const rows = await hotRows<{
        applied: boolean;
        round_open: boolean;
        within_max_bet: boolean;
        covered: boolean;
        balance: string;
        bonus_balance: string;
        balance_after: string | null;
        bonus_balance_after: string | null;
      }>(
        database,
        sql`WITH cur AS (
              SELECT w.guid, w.customer_guid, w.currency_guid, w.balance, w.bonus_balance, w.wager, w.free_spin_count,
                     w.customer_bonus_guid, w.cash_account_guid, w.bonus_account_guid
                FROM wallets w WHERE w.guid = ${ctx.wallet_guid}::uuid
                 FOR NO KEY UPDATE),
            checks AS (
              SELECT cur.*,
                     NOT EXISTS (SELECT 1 FROM game_rounds r
                                  WHERE r.provider_code = ${providerCode} AND r.round_id = ${request.round_id}
                                    AND r.closed_at IS NOT NULL) AS round_open,
                     ${amt} <= ${ctx.max_bet}::numeric AS within_max_bet,
                     CASE WHEN ${isFree} THEN cur.free_spin_count > 0
                          ELSE ${spendable} >= ${amt} END AS covered,
                     CASE WHEN ${isFree} THEN 0 ELSE LEAST(cur.balance, ${amt}) END AS cash_part,
                     CASE WHEN ${isFree} THEN 0 ELSE ${amt} - LEAST(cur.balance, ${amt}) END AS bonus_part
                FROM cur),
            split AS (
              SELECT checks.*,
                     CASE WHEN ${isFree} OR checks.customer_bonus_guid IS NULL THEN 0
                          ELSE LEAST(checks.wager, ${amt} * ${ctx.bonus_wage}::numeric / 100) END
                       AS wager_contribution
                FROM checks
               WHERE checks.round_open AND checks.within_max_bet AND checks.covered
                 AND (checks.bonus_part = 0 OR ${amt} <= ${ctx.max_bonus_bet}::numeric)),
            moved AS (
              UPDATE wallets w
                 SET balance = w.balance - s.cash_part,
                     bonus_balance = w.bonus_balance - s.bonus_part,
                     wager = w.wager - s.wager_contribution,
                     free_spin_count = w.free_spin_count - CASE WHEN ${isFree} THEN 1 ELSE 0 END,
                     updated_at = now()
                FROM split s WHERE w.guid = s.guid
              RETURNING w.guid, w.customer_guid, w.currency_guid, w.balance, w.bonus_balance, w.free_spin_count,
                        s.balance + s.bonus_balance AS total_before, s.cash_part, s.bonus_part,
                        w.cash_account_guid, w.bonus_account_guid, s.wager_contribution),
            ${callTailCtes({
              providerCode,
              transactionUuid: request.transaction_uuid,
              method: "bet",
              fingerprint,
              roundId: request.round_id,
              roundClosed: request.round_closed,
              amount: amt,
              exchange: exchangeFields(ctx, sql`${amount.value}::numeric`),
              freeSpin: free,
              sessionGuid: ctx.session_guid,
              gameCode: ctx.game_code,
              gameGuid: ctx.game_guid,
              referenceUuid: null,
              correlation: sql`NULL::uuid`,
              cashCounterparty: house,
              bonusCounterparty: house,
              toPlayer: false,
              transferKind: { cash: "bet", bonus: "bet" },
              announce: true,
              currencyDecimals: ctx.decimals,
            })}
            SELECT (SELECT count(*) FROM moved) > 0 AS applied, ch.round_open, ch.within_max_bet, ch.covered,
                   ${playAmountSql(ctx, sql`ch.balance`)}::text AS balance,
                   ${playAmountSql(ctx, sql`ch.bonus_balance`)}::text AS bonus_balance,
                   (SELECT ${playAmountSql(ctx, sql`balance`)}::text FROM moved) AS balance_after,
                   (SELECT ${playAmountSql(ctx, sql`bonus_balance`)}::text FROM moved) AS bonus_balance_after,
                   ${callTailResult}
              FROM checks ch`,
      );
      const row = rows[0];
      if (!row) throw new Error(`wallet ${ctx.wallet_guid} of session ${ctx.session_guid} is gone`);
      if (row.applied) {
        wakeOutboxDispatcher(database);
        return walletResult("OK", { ...wallet, balance: row.balance_after, bonusBalance: row.bonus_balance_after });
      }
      const now = { ...wallet, balance: row.balance, bonusBalance: row.bonus_balance };
      if (!row.round_open) return walletResult("ROUND_CLOSED", now);
      if (!row.within_max_bet) return walletResult("BET_LIMIT_EXCEEDED", now);
      if (!row.covered) return walletResult("NOT_ENOUGH_MONEY", now);
      // Covered only with bonus money, above the currency's max bet with bonus money.
      return walletResult("BET_LIMIT_EXCEEDED", now);
    } catch (error) {
      // Someone claimed this transaction_uuid (a concurrent duplicate, or a
      // rollback's tombstone) and committed first: the wallet update above was
      // undone with the statement. Read again and answer as a repeat.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`bet ${request.transaction_uuid} kept losing races`);
}
