import { sql, type SQL } from "drizzle-orm";
import type { PlayerSearchPage, PlayerSearchQuery } from "@croupier/contract/backoffice/players";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { afterCursor, cursorTime, pageFrom } from "./keyset-cursor.ts";
import { formatPhone } from "./format-phone.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Something typed as a phone number: digits with the usual punctuation, no letters.
const PHONE_LIKE = /^[+\d\s().-]+$/;
const MIN_PHONE_DIGITS = 3;

type Row = {
  guid: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone_code: string | null;
  phone_number: string | null;
  country: string | null;
  currency: string | null;
  status: "active" | "locked";
  created_at: string;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function matches(q: string): SQL {
  if (UUID.test(q)) return sql`u.guid = ${q.toLowerCase()}::uuid`;
  const text = escapeLike(q.toLowerCase());
  const conditions: SQL[] = [
    sql`lower(u.email) LIKE ${`%${text}%`}`,
    sql`lower(u.first_name) LIKE ${`${text}%`}`,
    sql`lower(u.last_name) LIKE ${`${text}%`}`,
    sql`lower(concat_ws(' ', u.first_name, u.last_name)) LIKE ${`${text}%`}`,
  ];
  const digits = q.replace(/\D/g, "");
  if (PHONE_LIKE.test(q) && digits.length >= MIN_PHONE_DIGITS)
    // Players type their number with or without the country code; compare digits alone.
    conditions.push(
      sql`regexp_replace(coalesce(u.phone_code, '') || coalesce(u.phone_number, ''), '[^0-9]', '', 'g') LIKE ${`%${digits}%`}`,
    );
  return sql`(${sql.join(conditions, sql` OR `)})`;
}

/**
 * GET /players: players by email, name, phone or exact id, newest first, one keyset page. The
 * search is a bulk read of personal data, so it is audited (the query and how many it found,
 * never the results).
 */
export async function searchPlayers(
  db: SqlExecutor,
  actor: AuditActor,
  query: PlayerSearchQuery,
): Promise<PlayerSearchPage> {
  const where = query.q ? matches(query.q) : sql`true`;
  const rows = await queryRows<Row>(
    db,
    sql`
      SELECT u.guid, u.email, u.first_name, u.last_name, u.phone_code, u.phone_number,
             co.iso2 AS country, cu.code AS currency, u.status, ${cursorTime(sql`u.created_at`)} AS created_at
        FROM users u
        LEFT JOIN countries co ON co.guid = u.country_guid
        LEFT JOIN currencies cu ON cu.guid = u.currency_guid
       WHERE ${where}
         AND ${afterCursor(query.cursor, "time-uuid", [sql`u.created_at`, sql`u.guid`])}
       ORDER BY u.created_at DESC, u.guid DESC
       LIMIT ${query.limit + 1}`,
  );
  const page = pageFrom(rows, query.limit, (row) => [row.created_at, row.guid]);
  await recordAudit(db, actor, {
    action: "players.search",
    details: { q: query.q ?? null, count: page.rows.length, page: query.cursor ? "next" : "first" },
  });
  return {
    items: page.rows.map((row) => ({
      id: row.guid,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      phone: formatPhone(row.phone_code, row.phone_number),
      country: row.country,
      currency: row.currency,
      status: row.status,
      created_at: row.created_at,
    })),
    next_cursor: page.next_cursor,
  };
}
