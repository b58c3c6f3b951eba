import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorCode, FieldError } from "@croupier/contract/envelope";
import { AppError } from "../lib/app-error.ts";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../lib/is-database-unavailable.ts";

const contextPrefix: Record<string, string> = {
  body: "body",
  querystring: "query",
  params: "params",
  headers: "headers",
};

function errorBody(requestId: string, code: ErrorCode, message: string, fields?: FieldError[]) {
  return {
    status: "error" as const,
    payload: fields ? { code, message, fields } : { code, message },
    metadata: { request_id: requestId },
  };
}

// Maps Fastify's own error codes to ours, so clients see one vocabulary.
const fastifyCodes: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: "UNSUPPORTED_MEDIA_TYPE", message: "Unsupported content type." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "BAD_REQUEST", message: "The JSON body is empty." },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "BAD_REQUEST", message: "The request body is not valid JSON." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: "BAD_REQUEST", message: "Invalid content length." },
};

/**
 * One error shape for the whole API (see packages/contract/src/envelope.ts).
 * 5xx answers never carry internals: the message is generic and the details
 * go to the log under the same request id.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const prefix = contextPrefix[error.validationContext ?? "body"] ?? "body";
      const fields = error.validation.map((v) => ({
        field: [prefix, ...v.instancePath.split("/").filter(Boolean)].join("."),
        message: v.message ?? "is invalid",
      }));
      const summary = fields.map((f) => f.field).join(", ");
      return reply.status(400).send(errorBody(request.id, "VALIDATION_ERROR", `Invalid input: ${summary}`, fields));
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(request.id, error.code, error.message, error.fields));
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) {
      return reply.status(error.statusCode ?? 400).send(errorBody(request.id, mapped.code, mapped.message));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody(request.id, "RATE_LIMITED", error.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody(request.id, "BAD_REQUEST", error.message));
    }
    // The database is down or restarting (ADR 039): the request was fine and will be a moment later.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return reply
        .status(503)
        .send(
          errorBody(
            request.id,
            "SERVICE_UNAVAILABLE",
            "The service is briefly unavailable. Please try again in a moment.",
          ),
        );
    }
    request.log.error({ err: error }, "unhandled error");
    return reply
      .status(500)
      .send(errorBody(request.id, "INTERNAL_ERROR", "Something went wrong on our side. Please try again later."));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(errorBody(request.id, "NOT_FOUND", `No such endpoint: ${request.method} ${request.url.split("?")[0]}`));
  });
}, { name: "croupier-errors" });
