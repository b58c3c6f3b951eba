import { sql } from "drizzle-orm";
import type { PageQuery, PlayerLedgerPage } from "@croupier/contract/backoffice/players";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { afterCursor, cursorTime, pageFrom } from "./keyset-cursor.ts";

type Row = {
  guid: string;
  kind: string;
  currency: string;
  decimals: number;
  amount: string;
  debit_kind: string;
  debit_owner: string;
  credit_kind: string;
  credit_owner: string;
  debit_is_player: boolean;
  credit_is_player: boolean;
  round_ref: string | null;
  payment_guid: string | null;
  game_transaction_guid: string | null;
  bonus_guid: string | null;
  created_at: string;
};

const POCKETS: Record<string, string> = {
  player_cash: "cash",
  player_bonus: "bonus",
  player_deferred_bonus: "deferred_bonus",
};

const pocketOf = (kind: string) => POCKETS[kind] ?? kind;
// The other side's name for staff: the house's game account carries its provider's code.
const accountLabel = (kind: string, owner: string) => (kind === "house_game" ? `house_game:${owner}` : kind);

/**
 * GET /players/:id/ledger: every transfer touching one of the player's accounts, newest first.
 * The accounts are found by owner (the player's id); the transfers by the account indexes of 0016.
 */
export async function listPlayerLedger(db: SqlExecutor, playerId: string, query: PageQuery): Promise<PlayerLedgerPage> {
  const rows = await queryRows<Row>(
    db,
    sql`
      WITH acc AS (SELECT guid FROM ledger_accounts WHERE owner = ${playerId})
      SELECT t.guid, t.kind, c.code AS currency, c.decimals, trim_scale(t.amount)::text AS amount,
             da.kind AS debit_kind, da.owner AS debit_owner, ca.kind AS credit_kind, ca.owner AS credit_owner,
             da.owner = ${playerId} AS debit_is_player, ca.owner = ${playerId} AS credit_is_player,
             t.round_ref, t.payment_guid, t.game_transaction_guid, t.bonus_guid,
             ${cursorTime(sql`t.created_at`)} AS created_at
        FROM ledger_transfers t
        JOIN ledger_accounts da ON da.guid = t.debit_account_guid
        JOIN ledger_accounts ca ON ca.guid = t.credit_account_guid
        JOIN currencies c ON c.guid = t.currency_guid
       WHERE (t.debit_account_guid IN (SELECT guid FROM acc) OR t.credit_account_guid IN (SELECT guid FROM acc))
         AND ${afterCursor(query.cursor, "time-uuid", [sql`t.created_at`, sql`t.guid`])}
       ORDER BY t.created_at DESC, t.guid DESC
       LIMIT ${query.limit + 1}`,
  );
  const page = pageFrom(rows, query.limit, (row) => [row.created_at, row.guid]);
  return {
    items: page.rows.map((row) => {
      const internal = row.debit_is_player && row.credit_is_player;
      const direction = internal ? "internal" : row.credit_is_player ? "in" : "out";
      return {
        id: row.guid,
        kind: row.kind,
        currency: row.currency,
        decimals: Number(row.decimals),
        amount: row.amount,
        pocket: internal
          ? `${pocketOf(row.debit_kind)} → ${pocketOf(row.credit_kind)}`
          : pocketOf(row.credit_is_player ? row.credit_kind : row.debit_kind),
        direction,
        counterparty: internal
          ? "player"
          : row.credit_is_player
            ? accountLabel(row.debit_kind, row.debit_owner)
            : accountLabel(row.credit_kind, row.credit_owner),
        round_ref: row.round_ref,
        payment_id: row.payment_guid,
        game_transaction_id: row.game_transaction_guid,
        bonus_id: row.bonus_guid,
        created_at: row.created_at,
      } as const;
    }),
    next_cursor: page.next_cursor,
  };
}
