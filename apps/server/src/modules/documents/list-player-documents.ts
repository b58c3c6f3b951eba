import { sql } from "drizzle-orm";
import type { PlayerDocuments } from "@croupier/contract/backoffice/documents";
import type { Db } from "@croupier/db/create-database";
import type { Env } from "../../env.ts";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { selectDocumentComments, selectDocumentRows, toStaffDocument } from "./document-rows.ts";
import { verificationStatus } from "./verification-status.ts";

/** Documents cap on the player page: far more than any player sends. */
const PLAYER_DOCUMENTS_MAX = 200;

/** One player's documents, newest first, with where their verification stands (the player page's tab). */
export async function listPlayerDocuments(db: Db, env: Env, actor: AuditActor, playerGuid: string): Promise<PlayerDocuments> {
  const [player] = await queryRows<{ guid: string }>(db, sql`SELECT guid FROM users WHERE guid = ${playerGuid}::uuid`);
  if (!player) throw notFound("No such player.");
  const rows = await selectDocumentRows(
    db,
    sql`d.user_guid = ${playerGuid}::uuid`,
    sql`ORDER BY d.created_at DESC, d.guid DESC LIMIT ${PLAYER_DOCUMENTS_MAX}`,
  );
  const comments = await selectDocumentComments(db, rows.map((r) => r.guid));
  const verification = await verificationStatus(db, env, playerGuid);
  await recordAudit(db, actor, { action: "player.documents.view", playerId: playerGuid, targetType: "kyc_document" });
  return { ...verification, items: rows.map((row) => toStaffDocument(row, comments.get(row.guid) ?? [])) };
}
