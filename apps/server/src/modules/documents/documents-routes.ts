import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  DOCUMENT_FILE_NAME_MAX,
  DOCUMENT_MAX_BYTES,
  DOCUMENTS_PER_PAGE_MAX,
  deleteDocumentBody,
  document,
  documentGuidParams,
  documentsListBody,
  documentsListEnvelope,
  uploadDocumentFields,
} from "@croupier/contract/entities/documents";
import { okEnvelope } from "@croupier/contract/envelope";
import { AppError } from "../../lib/app-error.ts";
import { list, ok } from "../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../lib/request-auth.ts";
import { deleteDocument } from "./delete-document.ts";
import type { DocumentsContext } from "./documents-context.ts";
import { documentStoreFromEnv } from "./document-store.ts";
import { listDocuments } from "./list-documents.ts";
import { readDocumentFile } from "./read-document-file.ts";
import { readUploadParts } from "./read-upload-parts.ts";
import { sendDocumentFile } from "./send-document-file.ts";
import { uploadDocument } from "./upload-document.ts";
import { verificationStatus } from "./verification-status.ts";

const tags = ["documents"];
const security = [{ bearerAuth: [] }];

/** KYC documents of seed 001: list, upload, delete, download (issue #16, ADR 023; registered in routes/api-v1.ts). */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: DocumentsContext = { db: app.database.db, env: app.env, store: documentStoreFromEnv(app.env) };
  // This plugin only: nothing else in the API takes multipart. One file, small text fields.
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: DOCUMENT_FILE_NAME_MAX * 4, fieldNameSize: 64, headerPairs: 20 },
  });

  app.post(
    "/documents",
    {
      preHandler: requirePlayer,
      bodyLimit: 4096,
      schema: {
        tags,
        security,
        summary: "The player's documents, newest first (seed: GET sent as POST with a body filter)",
        body: documentsListBody.optional(),
        response: { 200: documentsListEnvelope },
      },
    },
    async (request) => {
      const b = documentsListBody.parse(request.body ?? {});
      const playerGuid = playerId(request);
      const { items, pager } = await listDocuments(ctx.db, {
        playerGuid,
        page: b.page,
        perPage: Math.min(b.per_page, DOCUMENTS_PER_PAGE_MAX),
        status: b.status ?? b.filter?.status,
        documentType: b.document_type ?? b.filter?.document_type,
      });
      // The operator's required set is configuration the page cannot know: it rides along in the metadata.
      const verification = await verificationStatus(ctx.db, ctx.env, playerGuid);
      const answer = list(request, items, pager);
      return { ...answer, metadata: { ...answer.metadata, ...verification } };
    },
  );

  app.post(
    "/documents/document",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Upload a document (multipart: document_type, file_name, file; JPEG, PNG, HEIC or PDF up to 10 MB)",
        description:
          "The type is decided by the content, not the name. Images are re-encoded (EXIF and GPS removed; HEIC " +
          "becomes JPEG); a PDF with scripts, actions or attachments is refused (415). Over 10 MB: 413. A document " +
          "of the same type still pending: 409. A refusal stores nothing.",
        consumes: ["multipart/form-data"],
        response: { 200: okEnvelope(document) },
      },
    },
    async (request) => {
      const { fields, file } = await readUploadParts(request);
      const parsed = uploadDocumentFields.safeParse(fields);
      if (!parsed.success)
        throw new AppError("VALIDATION_ERROR", "Invalid input: body", {
          fields: parsed.error.issues.map((i) => ({ field: `body.${i.path.join(".")}`, message: i.message })),
        });
      if (!file) throw new AppError("VALIDATION_ERROR", "Please choose a file to upload.", { fields: [{ field: "body.file", message: "is required" }] });
      const saved = await uploadDocument(ctx, {
        playerGuid: playerId(request),
        documentType: parsed.data.document_type,
        originalFilename: parsed.data.file_name ?? file.filename,
        bytes: file.bytes,
      });
      return ok(request, saved);
    },
  );

  app.delete(
    "/documents/document",
    {
      preHandler: requirePlayer,
      bodyLimit: 1024,
      schema: {
        tags,
        security,
        summary: "Delete the player's pending document of a type",
        body: deleteDocumentBody,
        response: { 200: okEnvelope(z.object({ guid: z.uuid() })) },
      },
    },
    async (request) => ok(request, await deleteDocument(ctx, playerId(request), request.body.document_type)),
  );

  app.get(
    "/documents/document/:guid/file",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "The player's own document file (attachment; another player's answers 404)",
        params: documentGuidParams,
      },
    },
    async (request, reply) => sendDocumentFile(reply, await readDocumentFile(ctx, request.params.guid, playerId(request))),
  );
};
