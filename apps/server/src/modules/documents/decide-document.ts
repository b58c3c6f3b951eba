import { sql } from "drizzle-orm";
import type { DocumentStatus, DocumentType } from "@croupier/contract/entities/documents";
import type { Db } from "@croupier/db/create-database";
import type { Env } from "../../env.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { notifyPlayer } from "../notifications/notify-player.ts";
import { enqueueEvent } from "../realtime/enqueue-event.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { refreshVerification } from "./refresh-verification.ts";
import type { VerificationState } from "./verification-status.ts";

export type DocumentDecision = {
  documentGuid: string;
  decision: Extract<DocumentStatus, "approved" | "rejected">;
  /** The rejection reason (required) or an optional note on an approval: a Document comment the player reads. */
  comment: string | null;
};

export type DecidedDocument = { playerGuid: string; documentType: DocumentType; verification: VerificationState };

/**
 * Approves or rejects a pending document (ADR 023). In ONE transaction: the decision is claimed with a
 * guarded update (only a pending document, so two reviewers cannot both decide), the comment is written
 * with the reviewer as manager_guid, the player's verification is refreshed, the audit entry is
 * recorded, document_status_changed is queued for the player's sockets and the in-app notification
 * (document approved / rejected, with the comment) is written.
 */
export async function decideDocument(
  db: Db,
  env: Env,
  actor: AuditActor & { staffId: string },
  input: DocumentDecision,
): Promise<DecidedDocument> {
  return db.transaction(async (tx) => {
    const [claimed] = await queryRows<{ user_guid: string; type: DocumentType }>(
      tx,
      sql`UPDATE kyc_documents
             SET status = ${input.decision}, reviewed_at = now(), reviewed_by = ${actor.staffId}::uuid, updated_at = now()
           WHERE guid = ${input.documentGuid}::uuid AND status = 'pending'
           RETURNING user_guid, type`,
    );
    if (!claimed) {
      const [existing] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM kyc_documents WHERE guid = ${input.documentGuid}::uuid`);
      if (!existing) throw notFound("No such document.");
      throw new AppError("CONFLICT", `This document was already ${existing.status}.`);
    }
    if (input.comment)
      await tx.execute(
        sql`INSERT INTO kyc_document_comments (document_guid, user_guid, manager_guid, comment)
            VALUES (${input.documentGuid}::uuid, ${claimed.user_guid}::uuid, ${actor.staffId}::uuid, ${input.comment})`,
      );
    const verification = await refreshVerification(tx, env, claimed.user_guid);
    await recordAudit(tx, actor, {
      action: input.decision === "approved" ? "document.approve" : "document.reject",
      playerId: claimed.user_guid,
      targetType: "kyc_document",
      targetId: input.documentGuid,
      before: { status: "pending" },
      after: { status: input.decision, is_verified: verification.is_verified },
      details: { type: claimed.type, comment: input.comment },
    });
    await enqueueEvent(tx, {
      type: "document_status_changed",
      userGuid: claimed.user_guid,
      payload: {
        document_guid: input.documentGuid,
        document_type: claimed.type,
        status: input.decision,
        comment: input.comment,
        is_verified: verification.is_verified,
      },
    });
    await notifyPlayer(tx, {
      userGuid: claimed.user_guid,
      kind: input.decision === "approved" ? "document_approved" : "document_rejected",
      params: { document_type: claimed.type, ...(input.comment ? { comment: input.comment } : {}) },
    });
    return { playerGuid: claimed.user_guid, documentType: claimed.type, verification };
  });
}
