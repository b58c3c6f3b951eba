import { sql } from "drizzle-orm";
import type { CoinTransferKind } from "@croupier/db/schema/loyalty";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { enqueueEvent } from "../realtime/enqueue-event.ts";

export type MoveCoinsInput = {
  playerGuid: string;
  /** Unique per movement: a replay moves nothing (mining:{player}:{period_start}, coin-exchange:{guid}, coin-adjustment:{key}). */
  idempotencyKey: string;
  kind: CoinTransferKind;
  /** Positive: the player is credited; negative: debited (never below 0). At most 4 decimals. */
  signedAmount: string;
  staffGuid?: string | null;
  reason?: string | null;
  period?: { start: string; end: string; activeSeconds: number };
};

export type MoveCoinsResult = { status: "moved" | "replayed" | "insufficient"; balance: string };

const SIGNED_COINS = /^-?\d{1,16}(\.\d{1,4})?$/;

/**
 * One coin transfer between a player's coin account and a system account (the mint for mining and
 * adjustments, the exchange sink for purchases), in the caller's transaction (ADR 036). One
 * statement: the player's balance moves only if the key is new and the balance stays >= 0, and the
 * transfer row is written only if it moved. A concurrent replay of the same key fails on the unique
 * key (the caller's transaction rolls back), so a key never moves coins twice.
 */
export async function moveCoins(tx: SqlExecutor, input: MoveCoinsInput): Promise<MoveCoinsResult> {
  if (!SIGNED_COINS.test(input.signedAmount) || /^-?0+(\.0+)?$/.test(input.signedAmount))
    throw new Error(`moveCoins: invalid amount ${input.signedAmount}`);
  if (input.idempotencyKey.length === 0 || input.idempotencyKey.length > 200) throw new Error("moveCoins: invalid key");
  const system = input.kind === "exchange" ? "exchange" : "mint";
  await tx.execute(
    sql`INSERT INTO coin_accounts (kind, customer_guid) VALUES ('player', ${input.playerGuid}::uuid) ON CONFLICT (customer_guid) DO NOTHING`,
  );
  const [row] = await queryRows<{ moved: boolean; replayed: boolean; balance: string }>(
    tx,
    sql`WITH amount AS (SELECT ${input.signedAmount}::numeric AS signed),
             player AS (SELECT guid, balance FROM coin_accounts WHERE customer_guid = ${input.playerGuid}::uuid),
             system AS (SELECT guid FROM coin_accounts WHERE kind = ${system} AND customer_guid IS NULL),
             prior AS (SELECT 1 FROM coin_transfers WHERE idempotency_key = ${input.idempotencyKey}),
             moved AS (
               UPDATE coin_accounts a SET balance = a.balance + amount.signed, updated_at = now()
                 FROM amount
                WHERE a.customer_guid = ${input.playerGuid}::uuid
                  AND NOT EXISTS (SELECT 1 FROM prior)
                  AND a.balance + amount.signed >= 0
               RETURNING a.guid, a.balance),
             written AS (
               INSERT INTO coin_transfers (idempotency_key, kind, debit_account_guid, credit_account_guid, amount, customer_guid,
                                           staff_guid, reason, period_start, period_end, active_seconds)
               SELECT ${input.idempotencyKey}, ${input.kind},
                      CASE WHEN amount.signed > 0 THEN system.guid ELSE moved.guid END,
                      CASE WHEN amount.signed > 0 THEN moved.guid ELSE system.guid END,
                      abs(amount.signed), ${input.playerGuid}::uuid, ${input.staffGuid ?? null}::uuid,
                      ${input.reason?.slice(0, 500) ?? null}, ${input.period?.start ?? null}::timestamptz,
                      ${input.period?.end ?? null}::timestamptz, ${input.period?.activeSeconds ?? null}::int
                 FROM moved, system, amount
               RETURNING guid)
        SELECT EXISTS (SELECT 1 FROM written) AS moved, EXISTS (SELECT 1 FROM prior) AS replayed,
               trim_scale(COALESCE((SELECT balance FROM moved), (SELECT balance FROM player), 0))::text AS balance`,
  );
  if (!row) throw new Error("moveCoins: no answer");
  if (row.replayed) return { status: "replayed", balance: row.balance };
  if (!row.moved) return { status: "insufficient", balance: row.balance };
  await enqueueEvent(tx, {
    type: "coin_balance_updated",
    userGuid: input.playerGuid,
    payload: { balance: row.balance, operation_type: input.kind, operation_amount: input.signedAmount },
  });
  return { status: "moved", balance: row.balance };
}
