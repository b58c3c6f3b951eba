import { sql } from "drizzle-orm";
import type { RakebackClaim } from "@croupier/contract/entities/rakeback";
import type { Pager } from "@croupier/contract/envelope";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { iso } from "./rakeback-sql.ts";

/** The player's claims, newest first (one claim, by guid, when `claimGuid` is given). */
export async function listRakebackClaims(
  db: SqlExecutor,
  input: { playerGuid: string; page: number; perPage: number; claimGuid?: string },
): Promise<{ items: RakebackClaim[]; pager: Pager }> {
  const one = input.claimGuid ? sql`AND k.guid = ${input.claimGuid}::uuid` : sql``;
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM rakeback_claims k WHERE k.customer_guid = ${input.playerGuid}::uuid ${one}`,
  );
  const items = await queryRows<RakebackClaim>(
    db,
    sql`SELECT k.guid, k.wallet_guid, c.code AS currency, trunc(k.amount, c.decimals)::text AS amount, k.payout, k.bonus_guid,
               v.bonus_name, k.customer_bonus_guid, ${iso(sql`k.created_at`)} AS created_at
          FROM rakeback_claims k
          JOIN currencies c ON c.guid = k.currency_guid
          JOIN bonus_campaign_versions v ON v.guid = k.version_guid
         WHERE k.customer_guid = ${input.playerGuid}::uuid ${one}
         ORDER BY k.created_at DESC, k.guid
         LIMIT ${input.perPage} OFFSET ${(input.page - 1) * input.perPage}`,
  );
  return { items, pager: { page: input.page, per_page: input.perPage, total: count?.total ?? 0 } };
}
