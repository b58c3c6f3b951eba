import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import client from "prom-client";
import { z } from "zod";
import type { DatabaseHandle } from "@croupier/db/create-database";

type Options = { database: DatabaseHandle };

/** /healthz (process alive), /readyz (database answers), /metrics (Prometheus text). */
export const observabilityPlugin = fp(async (app: FastifyInstance, { database }: Options) => {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const httpDuration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration by route and status code",
    labelNames: ["method", "route", "status_code"],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook("onResponse", async (request, reply) => {
    // Unmatched routes are folded into one label so a scanner cannot blow up cardinality.
    const route = request.routeOptions.url ?? "unmatched";
    httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const health = { hide: true, response: { 200: z.object({ status: z.literal("ok") }) } };
  app.get("/healthz", { schema: health, logLevel: "warn" }, async () => ({ status: "ok" as const }));
  app.get(
    "/readyz",
    {
      schema: { hide: true, response: { 200: z.object({ status: z.literal("ok") }), 503: z.object({ status: z.literal("unavailable"), reason: z.string() }) } },
      logLevel: "warn",
    },
    async (_request, reply) => {
      try {
        await database.ping();
        return { status: "ok" as const };
      } catch {
        return reply.status(503).send({ status: "unavailable" as const, reason: "database unreachable" });
      }
    },
  );
  app.get("/metrics", { schema: { hide: true }, logLevel: "warn" }, async (_request, reply) => {
    reply.header("content-type", registry.contentType);
    return registry.metrics();
  });
});
