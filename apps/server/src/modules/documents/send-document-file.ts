import type { FastifyReply } from "fastify";
import type { DocumentFile } from "./read-document-file.ts";

/**
 * Sends a decrypted document the only way it is ever served (ADR 023): as an attachment under its
 * random name, its real type with nosniff, never cached, and with a CSP that forbids everything should
 * a browser render it anyway (a PDF viewer runs no script, loads nothing).
 */
export function sendDocumentFile(reply: FastifyReply, file: DocumentFile): FastifyReply {
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", `attachment; filename="${file.filename}"`)
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("content-length", String(file.bytes.length))
    .send(file.bytes);
}
