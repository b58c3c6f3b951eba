import { sql } from "drizzle-orm";
import type { AdminTag, UpdateTagBody } from "@croupier/contract/backoffice/catalog-admin";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { ADMIN_TAG_COLUMNS } from "./list-admin-tags.ts";

/** PATCH /catalog/tags/:guid: a tag's place among the lobby rows and category lists; audited with before/after. */
export async function updateTag(db: Db, actor: AuditActor, guid: string, body: UpdateTagBody): Promise<AdminTag> {
  return db.transaction(async (tx) => {
    const [before] = await queryRows<AdminTag>(
      tx,
      sql`SELECT ${ADMIN_TAG_COLUMNS} FROM tags t WHERE t.guid = ${guid}::uuid FOR UPDATE OF t`,
    );
    if (!before) throw notFound("No such tag.");
    const [after] = await queryRows<AdminTag>(
      tx,
      sql`UPDATE tags t SET ordering = ${body.ordering}, updated_at = now() WHERE t.guid = ${guid}::uuid RETURNING ${ADMIN_TAG_COLUMNS}`,
    );
    await recordAudit(tx, actor, {
      action: "catalog.tag_update",
      targetType: "tag",
      targetId: guid,
      before: { ordering: before.ordering },
      after: { ordering: after!.ordering },
      details: { name: before.name },
    });
    return after!;
  });
}
