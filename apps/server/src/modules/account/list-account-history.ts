import { sql, type SQL } from "drizzle-orm";
import type { AccountHistoryPage, HistoryKind } from "@croupier/contract/entities/account";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { renderHistoryEntry } from "./render-history-entry.ts";

type HistoryRow = {
  id: string;
  kind: HistoryKind;
  action: string;
  details: Record<string, string> | string;
  created_at: string;
};

const iso = (column: SQL): SQL => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Each source of the account history, read where it already lives (ADR 024): the source's rows for
 * one player as (id, kind, action, at, details), newest first, at most `take`. Every branch reads
 * its table's per-player index, so a page costs at most `take` rows a source.
 */
function sources(userGuid: string, take: number): Record<HistoryKind, SQL> {
  const user = sql`${userGuid}::uuid`;
  return {
    // A login creates a new session (ADR 012); anonymous sessions are not the player's.
    login: sql`(SELECT s.guid::text || ':login' AS id, 'login' AS kind, 'login' AS action, s.created_at AS at,
                       jsonb_strip_nulls(jsonb_build_object('ip', s.ip, 'device', s.device, 'browser', s.browser_name,
                         'browser_version', s.browser_version, 'os', s.os_name, 'os_version', s.os_version, 'country', s.country)) AS details
                  FROM sessions s WHERE s.user_guid = ${user} ORDER BY s.created_at DESC LIMIT ${take})`,
    credentials: sql`(SELECT e.guid::text AS id, 'credentials' AS kind, e.kind AS action, e.created_at AS at, '{}'::jsonb AS details
                        FROM account_events e WHERE e.user_guid = ${user} ORDER BY e.created_at DESC LIMIT ${take})`,
    limit: sql`(SELECT l.guid::text AS id, 'limit' AS kind, 'limit_' || l.action AS action, l.created_at AS at,
                       jsonb_strip_nulls(jsonb_build_object('limit_type', l.kind, 'period', l.period, 'currency', c.code,
                         'old_amount', round(l.old_amount, coalesce(c.decimals, 2))::text,
                         'new_amount', round(l.new_amount, coalesce(c.decimals, 2))::text,
                         'old_minutes', l.old_minutes::text, 'new_minutes', l.new_minutes::text,
                         'effective_at', ${iso(sql`l.effective_at`)},
                         'by_staff', CASE WHEN l.staff_guid IS NOT NULL THEN 'true' END)) AS details
                  FROM player_limit_changes l LEFT JOIN currencies c ON c.guid = l.currency_guid
                 WHERE l.user_guid = ${user} ORDER BY l.created_at DESC LIMIT ${take})`,
    exclusion: sql`(SELECT x.guid::text || ':start' AS id, 'exclusion' AS kind, 'exclusion_' || x.kind AS action, x.created_at AS at,
                           jsonb_strip_nulls(jsonb_build_object('exclusion_kind', x.kind, 'period', x.period,
                             'starts_at', ${iso(sql`x.starts_at`)}, 'ends_at', ${iso(sql`x.ends_at`)})) AS details
                      FROM player_exclusions x WHERE x.user_guid = ${user} ORDER BY x.created_at DESC LIMIT ${take})
                   UNION ALL
                   (SELECT x.guid::text || ':end' AS id, 'exclusion' AS kind, 'exclusion_ended' AS action, x.ended_at AS at,
                           jsonb_build_object('exclusion_kind', x.kind) AS details
                      FROM player_exclusions x WHERE x.user_guid = ${user} AND x.ended_at IS NOT NULL
                     ORDER BY x.ended_at DESC LIMIT ${take})`,
    document: sql`(SELECT d.guid::text || ':uploaded' AS id, 'document' AS kind, 'document_uploaded' AS action, d.created_at AS at,
                          jsonb_build_object('document_type', d.type, 'file_name', d.original_filename) AS details
                     FROM kyc_documents d WHERE d.user_guid = ${user} ORDER BY d.created_at DESC LIMIT ${take})
                  UNION ALL
                  (SELECT d.guid::text || ':' || d.status AS id, 'document' AS kind, 'document_' || d.status AS action, d.reviewed_at AS at,
                          jsonb_strip_nulls(jsonb_build_object('document_type', d.type, 'file_name', d.original_filename,
                            'comment', (SELECT k.comment FROM kyc_document_comments k WHERE k.document_guid = d.guid
                                         ORDER BY k.created_at DESC LIMIT 1))) AS details
                     FROM kyc_documents d WHERE d.user_guid = ${user} AND d.reviewed_at IS NOT NULL
                    ORDER BY d.reviewed_at DESC LIMIT ${take})`,
  };
}

/**
 * GET /account/history: the player's account events newest first, one kind or all, page-paged
 * (bounded by HISTORY_PAGE_MAX). A UNION over the tables that keep each fact, nothing copied
 * (ADR 024); the text is rendered here, from the action and its details.
 */
export async function listAccountHistory(
  executor: SqlExecutor,
  input: { userGuid: string; kind?: HistoryKind; page: number; perPage: number },
): Promise<AccountHistoryPage> {
  const offset = (input.page - 1) * input.perPage;
  // Each source gives the rows the page could need; one more tells whether another page follows.
  const take = offset + input.perPage + 1;
  const all = sources(input.userGuid, take);
  const chosen = input.kind ? [all[input.kind]] : Object.values(all);
  const rows = await queryRows<HistoryRow>(
    executor,
    sql`SELECT h.id, h.kind, h.action, h.details, ${iso(sql`h.at`)} AS created_at
          FROM (${sql.join(chosen, sql` UNION ALL `)}) h
         ORDER BY h.at DESC, h.id DESC
         LIMIT ${input.perPage + 1} OFFSET ${offset}`,
  );
  const items = rows.slice(0, input.perPage).map((row) => {
    const details = typeof row.details === "string" ? (JSON.parse(row.details) as Record<string, string>) : row.details;
    return {
      id: row.id,
      kind: row.kind,
      action: row.action,
      ...renderHistoryEntry(row.action, details),
      details,
      created_at: row.created_at,
    };
  });
  return { items, page: input.page, per_page: input.perPage, has_more: rows.length > input.perPage };
}
