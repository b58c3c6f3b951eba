import { sql } from "drizzle-orm";
import type { AdminStudio, UpdateStudioBody } from "@croupier/contract/backoffice/catalog-admin";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { STUDIO_COLUMNS, toStudio } from "./list-studios.ts";

/**
 * PATCH /catalog/studios/:guid: enable or disable a studio (a disabled one hides all its games from
 * players, launch included) and its place in the studio list; audited with before/after. The
 * catalogue version is bumped in the same transaction (migration 0007's triggers).
 */
export async function updateStudio(
  db: Db,
  actor: AuditActor,
  guid: string,
  body: UpdateStudioBody,
): Promise<AdminStudio> {
  return db.transaction(async (tx) => {
    const [before] = await queryRows<AdminStudio>(
      tx,
      sql`SELECT ${STUDIO_COLUMNS} FROM providers p WHERE p.guid = ${guid}::uuid FOR UPDATE OF p`,
    );
    if (!before) throw notFound("No such studio.");
    const [after] = await queryRows<AdminStudio>(
      tx,
      sql`UPDATE providers p
             SET is_enabled = COALESCE(${body.is_enabled ?? null}::boolean, p.is_enabled),
                 ordering = COALESCE(${body.ordering ?? null}::int, p.ordering),
                 updated_at = now()
           WHERE p.guid = ${guid}::uuid
       RETURNING ${STUDIO_COLUMNS}`,
    );
    await recordAudit(tx, actor, {
      action: "catalog.studio_update",
      targetType: "studio",
      targetId: guid,
      before: { is_enabled: before.is_enabled, ordering: before.ordering },
      after: { is_enabled: after!.is_enabled, ordering: after!.ordering },
      details: { name: before.name },
    });
    return toStudio(after!);
  });
}
