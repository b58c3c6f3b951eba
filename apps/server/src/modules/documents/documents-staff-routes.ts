import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  approveDocumentInput,
  documentIdParams,
  documentQueueQuery,
  playerDocuments,
  rejectDocumentInput,
  staffDocument,
  staffDocumentPage,
} from "@croupier/contract/backoffice/documents";
import { idParams } from "@croupier/contract/backoffice/money-review";
import { okEnvelope } from "@croupier/contract/envelope";
import { sql } from "drizzle-orm";
import { ok } from "../../lib/envelope.ts";
import { currentStaff } from "../../lib/staff-auth.ts";
import { auditActor, recordAudit } from "../staff/record-audit.ts";
import { decideDocument } from "./decide-document.ts";
import { selectDocumentComments, selectDocumentRows, toStaffDocument } from "./document-rows.ts";
import type { DocumentsContext } from "./documents-context.ts";
import { documentStoreFromEnv } from "./document-store.ts";
import { listDocumentQueue } from "./list-document-queue.ts";
import { listPlayerDocuments } from "./list-player-documents.ts";
import { readDocumentFile } from "./read-document-file.ts";
import { sendDocumentFile } from "./send-document-file.ts";
import { notFound } from "../../lib/app-error.ts";

const tags = ["Back office: documents"];
const config = { permission: "documents.review" } as const;

/** Staff document review queue, viewer and decisions (issue #16, ADR 023; registered in routes/backoffice-v1.ts). */
export const documentsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: DocumentsContext = { db: app.database.db, env: app.env, store: documentStoreFromEnv(app.env) };
  const actorOf = (request: Parameters<typeof currentStaff>[0]) => ({ ...auditActor(request), staffId: currentStaff(request).staffId });

  const oneDocument = async (id: string) => {
    const [row] = await selectDocumentRows(ctx.db, sql`d.guid = ${id}::uuid`, sql``);
    if (!row) throw notFound("No such document.");
    const comments = await selectDocumentComments(ctx.db, [row.guid]);
    return toStaffDocument(row, comments.get(row.guid) ?? []);
  };

  app.get(
    "/documents",
    {
      config,
      schema: {
        tags,
        summary: "The document review queue (pending oldest first; other statuses newest first)",
        querystring: documentQueueQuery,
        response: { 200: okEnvelope(staffDocumentPage) },
      },
    },
    async (request) => ok(request, await listDocumentQueue(ctx.db, auditActor(request), request.query)),
  );

  app.get(
    "/players/:id/documents",
    {
      config,
      schema: {
        tags,
        summary: "A player's documents and where their verification stands",
        params: idParams,
        response: { 200: okEnvelope(playerDocuments) },
      },
    },
    async (request) => ok(request, await listPlayerDocuments(ctx.db, ctx.env, auditActor(request), request.params.id)),
  );

  app.get(
    "/documents/:id/file",
    {
      config,
      schema: { tags, summary: "A document's file for the viewer (attachment, audited)", params: documentIdParams },
    },
    async (request, reply) => {
      const file = await readDocumentFile(ctx, request.params.id, null);
      await recordAudit(ctx.db, auditActor(request), {
        action: "document.view",
        playerId: file.userGuid,
        targetType: "kyc_document",
        targetId: request.params.id,
      });
      return sendDocumentFile(reply, file);
    },
  );

  app.post(
    "/documents/:id/approve",
    {
      config,
      bodyLimit: 4096,
      schema: {
        tags,
        summary: "Approve a pending document (the player may become verified)",
        params: documentIdParams,
        body: approveDocumentInput,
        response: { 200: okEnvelope(staffDocument) },
      },
    },
    async (request) => {
      await decideDocument(ctx.db, ctx.env, actorOf(request), {
        documentGuid: request.params.id,
        decision: "approved",
        comment: request.body.comment || null,
      });
      return ok(request, await oneDocument(request.params.id));
    },
  );

  app.post(
    "/documents/:id/reject",
    {
      config,
      bodyLimit: 4096,
      schema: {
        tags,
        summary: "Reject a pending document with a reason the player reads",
        params: documentIdParams,
        body: rejectDocumentInput,
        response: { 200: okEnvelope(staffDocument) },
      },
    },
    async (request) => {
      await decideDocument(ctx.db, ctx.env, actorOf(request), {
        documentGuid: request.params.id,
        decision: "rejected",
        comment: request.body.reason,
      });
      return ok(request, await oneDocument(request.params.id));
    },
  );
};
