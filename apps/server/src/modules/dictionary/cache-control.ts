import type { FastifyInstance } from "fastify";

/** Reference data changes rarely; the spec caches the country dictionary for 10 minutes. */
export const REFERENCE_CACHE_CONTROL = "public, max-age=600";

/** Marks successful answers of the routes in this plugin scope as cacheable; errors are never cached. */
export function cacheSuccessfulAnswers(app: FastifyInstance, value = REFERENCE_CACHE_CONTROL): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.statusCode === 200) reply.header("cache-control", value);
    return payload;
  });
}
