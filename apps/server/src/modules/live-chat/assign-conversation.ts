import { sql } from "drizzle-orm";
import type { ChatConversationSummary } from "@croupier/contract/backoffice/live-chat";
import { roleCan, isStaffRole } from "@croupier/contract/staff-permissions";
import type { Db } from "@croupier/db/create-database";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { enqueueEvent } from "../realtime/enqueue-event.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { findConversation } from "./load-staff-conversation.ts";

/** Assigns an open conversation to a staff member who may answer chats (audited, before and after). */
export async function assignConversation(
  db: Db,
  actor: AuditActor,
  input: { conversationId: string; staffId: string },
): Promise<ChatConversationSummary> {
  return db.transaction(async (tx) => {
    const [assignee] = await queryRows<{ role: string; status: string }>(
      tx,
      sql`SELECT role, status FROM staff_users WHERE guid = ${input.staffId}::uuid`,
    );
    if (
      !assignee ||
      assignee.status !== "active" ||
      !isStaffRole(assignee.role) ||
      !roleCan(assignee.role, "chat.reply")
    )
      throw new AppError("VALIDATION_ERROR", "That staff member cannot answer chats.", {
        fields: [{ field: "body.staff_id", message: "Choose an active staff member who can answer chats." }],
      });
    const before = await findConversation(tx, input.conversationId, { lock: true });
    if (before.status === "closed") throw new AppError("CONFLICT", "This conversation is closed; reopen it first.");
    if (before.assigned_staff_id === input.staffId) return before;
    await tx.execute(
      sql`UPDATE chat_conversations SET assigned_staff_guid = ${input.staffId}::uuid WHERE guid = ${input.conversationId}::uuid`,
    );
    await recordAudit(tx, actor, {
      action: "chat.assign",
      playerId: before.player_id,
      targetType: "chat_conversation",
      targetId: input.conversationId,
      before: { assigned_staff_id: before.assigned_staff_id },
      after: { assigned_staff_id: input.staffId },
    });
    await enqueueEvent(tx, {
      type: "chat_inbox_changed",
      payload: { conversation_id: input.conversationId, reason: "assigned" },
    });
    const { session_guid: _session, ...after } = await findConversation(tx, input.conversationId);
    return after;
  });
}
