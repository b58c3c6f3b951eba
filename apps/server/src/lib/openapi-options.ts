import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from "@fastify/swagger";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { errorEnvelope } from "@croupier/contract/envelope";
import { houseSecuritySchemes } from "@croupier/house-games/http/openapi-security";

const DESCRIPTION = `The Croupier product API.

Every response is one envelope: \`{ status, payload, metadata }\`.

- \`status\`: \`"ok"\` for a 2xx answer, \`"error"\` otherwise (the HTTP status code is the authority).
- \`payload\`: the call's data; on failure an error object \`{ code, message, fields? }\` where \`code\` is machine-readable and stable
  (VALIDATION_ERROR, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, CONFLICT, RATE_LIMITED, INTERNAL_ERROR, …), \`message\` is safe to show
  to a player, and \`fields\` (on VALIDATION_ERROR) lists \`{ field, message }\` with \`field\` prefixed by where it came from
  (\`body.email\`, \`query.page\`).
- \`metadata\`: always \`request_id\` (also sent as the \`x-request-id\` header and written in the server's log);
  list calls add the pager \`page\`, \`per_page\`, \`total\`.

5xx answers never contain internal details; quote the request id to support instead.

Each operation names what it needs in \`security\`: \`bearerAuth\` (a player's or session's access token), nothing
(\`[]\`, public), \`providerSignature\` (a game provider's signed wallet call), or \`staffBearer\` (a back-office
staff token, /api/backoffice/v1, whose operations also name the staff permission they need). The built-in game provider under
/house has its own session key (\`houseSession\`, \`housePlatformToken\`).`;

const PROVIDER_WALLET = /^\/api\/v1\/provider\//;

/**
 * The product API answers every failure in the error envelope (plugins/errors.ts), so each route's documented
 * answers get it as 4XX and 5XX here rather than in a hundred route schemas; only the document changes, not
 * what a route serializes. The provider wallet answers in its protocol's shape instead and keeps its own.
 */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = input;
  const documentErrors =
    url.startsWith("/api/") && !PROVIDER_WALLET.test(url) && schema?.response && typeof schema.response === "object";
  if (!documentErrors) return jsonSchemaTransform(input);
  const response = { "4xx": errorEnvelope, "5xx": errorEnvelope, ...(schema.response as object) };
  return jsonSchemaTransform({ ...input, schema: { ...schema, response } });
};

type Operation = { operationId?: string };
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** getCatalogGames, postProviderByProviderCodeWalletBet: stable as long as the method and path are. */
function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/v1\//, "/")
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith("{") ? `by_${segment.slice(1, -1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
}

/** Client generators name their methods after operationId; a route may still set its own. */
function withOperationIds<T extends { paths?: object }>(document: T): T {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation && !operation.operationId) operation.operationId = operationId(method, path);
    }
  }
  return document;
}

/** @fastify/swagger's options: the document /api/docs/json serves (checked by npm run check:openapi). */
export function openapiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: { title: "Croupier API", version: "1.0.0", description: DESCRIPTION, license: { name: "MIT", url: "https://opensource.org/licenses/MIT" } },
      servers: [{ url: "/" }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "An access token (POST /api/v1/session/create, /authorization/login, …); a player's or an anonymous session's.",
          },
          providerSignature: {
            type: "apiKey",
            in: "header",
            name: "X-Signature",
            description: "A game provider's lowercase hex HMAC-SHA256 of the raw request body with its secret.",
          },
          staffBearer: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description:
              "A back-office staff token (POST /api/backoffice/v1/auth/verify or /auth/enrol, ADR 017); never a player's.",
          },
          ...houseSecuritySchemes,
        },
      },
    },
    transform,
    transformObject: (documentObject) =>
      "openapiObject" in documentObject ? withOperationIds(documentObject.openapiObject) : documentObject.swaggerObject,
  };
}
