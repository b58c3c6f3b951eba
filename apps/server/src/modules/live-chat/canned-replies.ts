import { sql } from "drizzle-orm";
import { CANNED_REPLIES_MAX, type CannedReply, type CannedReplyBody } from "@croupier/contract/backoffice/live-chat";
import type { Db } from "@croupier/db/create-database";
import { AppError } from "../../lib/app-error.ts";
import { isUniqueViolation, queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { isoTime } from "./chat-sql.ts";

// Canned replies: the console's ready-made answers, shared by every staff member (each change audited).

const columns = sql`guid AS id, title, body, ${isoTime(sql`updated_at`)} AS updated_at`;

const duplicateTitle = () =>
  new AppError("VALIDATION_ERROR", "A canned reply with this title exists.", {
    fields: [{ field: "body.title", message: "A canned reply with this title exists." }],
  });

export async function listCannedReplies(executor: SqlExecutor): Promise<CannedReply[]> {
  return queryRows<CannedReply>(
    executor,
    sql`SELECT ${columns} FROM chat_canned_replies ORDER BY lower(title) LIMIT ${CANNED_REPLIES_MAX}`,
  );
}

/** Creates (no id) or updates a canned reply. */
export async function saveCannedReply(
  db: Db,
  actor: AuditActor,
  input: CannedReplyBody & { id?: string },
): Promise<CannedReply> {
  try {
    return await db.transaction(async (tx) => {
      let saved: CannedReply | undefined;
      if (input.id) {
        [saved] = await queryRows<CannedReply>(
          tx,
          sql`UPDATE chat_canned_replies SET title = ${input.title}, body = ${input.body}, updated_at = now()
               WHERE guid = ${input.id}::uuid RETURNING ${columns}`,
        );
        if (!saved) throw new AppError("NOT_FOUND", "No such canned reply.");
      } else {
        const [count] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM chat_canned_replies`);
        if (Number(count?.n ?? 0) >= CANNED_REPLIES_MAX)
          throw new AppError("LIMIT_REACHED", `At most ${CANNED_REPLIES_MAX} canned replies; delete one first.`);
        [saved] = await queryRows<CannedReply>(
          tx,
          sql`INSERT INTO chat_canned_replies (title, body, created_by) VALUES (${input.title}, ${input.body}, ${actor.staffId}::uuid)
              RETURNING ${columns}`,
        );
      }
      await recordAudit(tx, actor, {
        action: input.id ? "chat.canned_reply_update" : "chat.canned_reply_create",
        targetType: "chat_canned_reply",
        targetId: saved!.id,
        after: { title: input.title },
      });
      return saved!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateTitle();
    throw error;
  }
}

export async function deleteCannedReply(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await queryRows<{ title: string }>(
      tx,
      sql`DELETE FROM chat_canned_replies WHERE guid = ${id}::uuid RETURNING title`,
    );
    if (!deleted) throw new AppError("NOT_FOUND", "No such canned reply.");
    await recordAudit(tx, actor, {
      action: "chat.canned_reply_delete",
      targetType: "chat_canned_reply",
      targetId: id,
      before: { title: deleted.title },
    });
  });
}
