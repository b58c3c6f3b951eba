import { sql } from "drizzle-orm";
import type { AdminGame, UpdateGameBody } from "@croupier/contract/backoffice/catalog-admin";
import type { Db } from "@croupier/db/create-database";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { ADMIN_GAME_COLUMNS, ADMIN_GAME_FROM, toAdminGame } from "./admin-game-sql.ts";

async function readGame(tx: SqlExecutor, guid: string, lock: boolean): Promise<AdminGame | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`SELECT ${ADMIN_GAME_COLUMNS} FROM ${ADMIN_GAME_FROM} WHERE g.guid = ${guid}::uuid ${lock ? sql`FOR UPDATE OF g` : sql``}`,
  );
  return row ? toAdminGame(row) : undefined;
}

const audited = (g: AdminGame) => ({
  game_status: g.game_status,
  game_ordering: g.game_ordering,
  tag_guids: g.tag_guids,
});

/**
 * PATCH /catalog/games/:guid: status, lobby position and category tags in one transaction with
 * its audit entry. The statement triggers of migration 0007 bump the catalogue version in the
 * same transaction, so the lobby, the edge-sync calls and their caches answer the change at once.
 */
export async function updateGame(db: Db, actor: AuditActor, guid: string, body: UpdateGameBody): Promise<AdminGame> {
  return db.transaction(async (tx) => {
    const before = await readGame(tx, guid, true);
    if (!before) throw notFound("No such game.");
    if (body.tag_guids !== undefined) await assertCategoryTags(tx, body.tag_guids);

    // Every edit touches the game row: its updated_at is what the edge-sync's updated_at filter follows.
    await tx.execute(
      sql`UPDATE games
             SET game_status = COALESCE(${body.game_status ?? null}, game_status),
                 -- A status staff set for this game wins over the provider switch's saved one.
                 status_before_provider_off = CASE WHEN ${body.game_status ?? null}::text IS NULL
                                                   THEN status_before_provider_off END,
                 game_ordering = COALESCE(${body.game_ordering ?? null}::int, game_ordering),
                 updated_at = now()
           WHERE guid = ${guid}::uuid`,
    );
    if (body.tag_guids !== undefined) {
      const tags = `{${body.tag_guids.join(",")}}`;
      await tx.execute(
        sql`DELETE FROM game_tags WHERE game_guid = ${guid}::uuid AND NOT (tag_guid = ANY (${tags}::uuid[]))`,
      );
      await tx.execute(
        sql`INSERT INTO game_tags (game_guid, tag_guid)
            SELECT ${guid}::uuid, t FROM unnest(${tags}::uuid[]) AS t
            ON CONFLICT DO NOTHING`,
      );
    }

    const after = (await readGame(tx, guid, false))!;
    await recordAudit(tx, actor, {
      action: "catalog.game_update",
      targetType: "game",
      targetId: guid,
      before: audited(before),
      after: audited(after),
      details: { external_guid: before.external_guid, game_name: before.game_name },
    });
    return after;
  });
}

async function assertCategoryTags(tx: SqlExecutor, tagGuids: string[]): Promise<void> {
  if (tagGuids.length === 0) return;
  const rows = await queryRows<{ guid: string }>(
    tx,
    sql`SELECT guid FROM tags WHERE type = 'category' AND guid = ANY (${`{${tagGuids.join(",")}}`}::uuid[])`,
  );
  const known = new Set(rows.map((r) => r.guid));
  const unknown = tagGuids.findIndex((g) => !known.has(g));
  if (unknown >= 0)
    throw new AppError("VALIDATION_ERROR", "Invalid input: body.tag_guids", {
      fields: [{ field: `body.tag_guids.${unknown}`, message: "is not a category tag" }],
    });
}
