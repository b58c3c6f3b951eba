import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import client from "prom-client";
import { z } from "zod";
import type { DatabaseHandle } from "@croupier/db/create-database";
import { AppError } from "../lib/app-error.ts";
import { callBatcherTotals } from "../lib/call-batcher.ts";
import { bearerMatches } from "../lib/bearer-token.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "../lib/is-database-unavailable.ts";

// Below the usual probe timeout (Kubernetes: 1 s by default is too tight on a busy machine, 2-5 s is common).
const READY_PING_TIMEOUT_MS = 2_000;

type Options = {
  database: DatabaseHandle;
  /** Serve /metrics on this app (else only app.metrics is there, for a separate listener). */
  metricsRoute: boolean;
  /** Required as a bearer token on /metrics when set. */
  metricsToken?: string;
};

/** The Prometheus registry's text, for whichever listener serves /metrics. */
export type Metrics = { contentType: string; render: () => Promise<string> };

// Module augmentation needs an interface.
declare module "fastify" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * /healthz (process alive), /readyz (database answers), /metrics (Prometheus text).
 * Metrics show route timings, memory and event-loop figures: operators' business,
 * so where /metrics answers and with which token is the operator's choice
 * (env.metricsOn, METRICS_TOKEN; lib/metrics-listener.ts for its own port).
 */
export const observabilityPlugin = fp(async (app: FastifyInstance, options: Options) => {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const httpDuration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration by route and status code",
    labelNames: ["method", "route", "status_code"],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // Group commit (lib/call-batcher.ts): mean batch size = items / batches, per batcher (ADR 042).
  for (const [metric, field, help] of [
    ["call_batcher_batches_total", "batches", "Batches sent by each call batcher"],
    ["call_batcher_items_total", "items", "Items (calls) sent in batches by each call batcher"],
    ["call_batcher_slot_wait_seconds_total", "slot_waits_ms", "Time batches waited for a cross-process batch slot"],
  ] as const) {
    new client.Counter({
      name: metric,
      help,
      labelNames: ["batcher"],
      registers: [registry],
      collect() {
        this.reset();
        for (const [name, totals] of callBatcherTotals())
          this.inc({ batcher: name }, field === "slot_waits_ms" ? totals[field] / 1000 : totals[field]);
      },
    });
  }
  app.decorate("metrics", { contentType: registry.contentType, render: () => registry.metrics() });

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
      // Not ready while the database is down or restarting (ADR 039), nor while it takes longer than a
      // probe waits: a load balancer then sends the traffic elsewhere instead of to a wall of 503s.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error("database ping timed out")), READY_PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([options.database.ping(), late]);
        return { status: "ok" as const };
      } catch {
        reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(503).send({ status: "unavailable" as const, reason: "database unreachable" });
      } finally {
        clearTimeout(timer);
      }
    },
  );
  if (!options.metricsRoute) return;
  const token = options.metricsToken;
  app.get("/metrics", { schema: { hide: true }, logLevel: "warn" }, async (request, reply) => {
    if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new AppError("UNAUTHORIZED", "Metrics need the METRICS_TOKEN bearer token");
    }
    reply.header("content-type", registry.contentType);
    return registry.metrics();
  });
}, { name: "croupier-observability" });
