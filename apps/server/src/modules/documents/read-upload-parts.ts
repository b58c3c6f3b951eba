import type { FastifyRequest } from "fastify";
import { DOCUMENT_MAX_BYTES } from "@croupier/contract/entities/documents";
import { AppError } from "../../lib/app-error.ts";

export type UploadParts = { fields: Record<string, string>; file: { bytes: Buffer; filename: string } | null };

/** Multipart overhead (boundaries, part headers, the text fields) allowed on top of the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", "The file is larger than 10 MB. Please upload a smaller file.");

function multipartError(error: unknown): AppError | null {
  switch ((error as { code?: unknown }).code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return tooLarge();
    case "FST_FILES_LIMIT":
      return new AppError("BAD_REQUEST", "Send one file at a time.");
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return new AppError("BAD_REQUEST", "The upload has too many fields.");
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the document as multipart/form-data.");
    default:
      return null;
  }
}

/**
 * Reads the upload's parts in any order: the text fields, and the one `file` part buffered in memory
 * with the 10 MB limit enforced while it streams (@fastify/multipart stops reading past it). A
 * Content-Length that already says "too large" is refused before a byte is read.
 */
export async function readUploadParts(request: FastifyRequest): Promise<UploadParts> {
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the document as multipart/form-data.");
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > DOCUMENT_MAX_BYTES + ENVELOPE_BYTES) throw tooLarge();
  const fields: Record<string, string> = {};
  let file: UploadParts["file"] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "file") {
          part.file.resume();
          throw new AppError("VALIDATION_ERROR", "Invalid input: body", { fields: [{ field: `body.${part.fieldname}`, message: "files go in the field named file" }] });
        }
        file = { bytes: await part.toBuffer(), filename: part.filename };
        continue;
      }
      if (part.valueTruncated)
        throw new AppError("VALIDATION_ERROR", "Invalid input: body", { fields: [{ field: `body.${part.fieldname}`, message: "is too long" }] });
      fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    throw multipartError(error) ?? error;
  }
  return { fields, file };
}
