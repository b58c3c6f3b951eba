import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Db } from "@croupier/db/create-database";
import type { Env } from "../../env.ts";
import { requestPublicUrl } from "../../lib/request-public-url.ts";
import type { ProviderRegistry } from "./psp/provider-registry.ts";

/** What the payment services need: the database, settings, the PSP adapters and a logger. */
export type PaymentsContext = { db: Db; env: Env; providers: ProviderRegistry; log: FastifyBaseLogger };

/**
 * The context with PUBLIC_URL as this request should see it (request-public-url.ts): without an explicit
 * PUBLIC_URL, a player on another loopback name (127.0.0.1) gets return URLs on that origin, not localhost's.
 */
export function withRequestPublicUrl(ctx: PaymentsContext, request: FastifyRequest): PaymentsContext {
  const publicUrl = requestPublicUrl(ctx.env, request);
  return publicUrl === ctx.env.PUBLIC_URL ? ctx : { ...ctx, env: { ...ctx.env, PUBLIC_URL: publicUrl } };
}
