import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { DatabaseHandle } from "@croupier/db/create-database";
import type { Env } from "./env.ts";
import { demoModeWarning } from "./lib/demo-mode-warning.ts";
import { backofficeListenerGate } from "./lib/backoffice-listener.ts";
import { setDatabaseBatchSlots } from "./lib/database-batch-slot.ts";
import { loggerOptions, type LogDestination } from "./lib/log-options.ts";
import { openapiOptions } from "./lib/openapi-options.ts";
import { fastifyTrustProxy } from "./lib/trust-proxy.ts";
import { validatorCompiler } from "./lib/validator-compiler.ts";
// request.auth's type (the auth plugin itself is registered by routes/api-v1.ts).
import "./lib/request-auth.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { imageProxyPlugin } from "./plugins/image-proxy.ts";
import { observabilityPlugin } from "./plugins/observability.ts";
import { realtimePlugin } from "./plugins/realtime.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { backofficeV1Routes } from "./routes/backoffice-v1.ts";
import { createRenderGrants, type RenderGrants } from "./lib/render-grants.ts";
import { apiV1Routes } from "./routes/api-v1.ts";
import { featureStatusRoute } from "./modules/features/feature-status-route.ts";
import { identityDevRoutes } from "./modules/identity/identity-dev-routes.ts";
import { sandboxPspPages } from "./modules/payments/psp/sandbox/sandbox-pages.ts";

// Module augmentation needs an interface.
declare module "fastify" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    env: Env;
    database: DatabaseHandle;
    /** Page tokens of the renders in flight (web-app plugin), trusted by the auth plugin. */
    renderGrants: RenderGrants;
  }
}

export type BuildAppOptions = {
  env: Env;
  database: DatabaseHandle;
  /** false for silence; otherwise the level and stream (tests read the log); the redaction is always the app's. */
  logger?: false | LogDestination;
};

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** Builds the whole HTTP application without listening; tests use app.inject(). */
export async function buildApp({ env, database, logger }: BuildAppOptions) {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(env.LOG_LEVEL, logger),
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    // Accept a well-formed upstream id (load balancer) so one id follows the request end to end.
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("env", env);
  app.decorate("database", database);
  app.decorate("renderGrants", createRenderGrants());
  setDatabaseBatchSlots(database, env.WALLET_BATCH_SLOTS);
  app.decorateRequest("auth", null);

  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });

  await app.register(securityHeadersPlugin, {
    helmet: {
      // The HTML pages set their own nonce-based policy (web-app plugin); API answers are data only.
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      strictTransportSecurity: env.NODE_ENV === "production" ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    },
  });
  await app.register(cookie);
  // Same origin by default: no CORS headers at all. CORS_ORIGINS lists the exact origins an
  // operator lets call the API from elsewhere (a separate marketing site, a native shell).
  const corsOrigins = env.CORS_ORIGINS.split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (corsOrigins.length > 0) {
    await app.register(cors, {
      origin: corsOrigins,
      credentials: true,
      exposedHeaders: ["x-request-id"],
      maxAge: 600,
    });
  }
  await app.register(errorsPlugin);
  // With BACKOFFICE_PORT, the console and /api/backoffice/v1 answer only on their own listener (server.ts).
  await app.register(backofficeListenerGate, { ownListener: env.BACKOFFICE_PORT !== undefined });
  await app.register(observabilityPlugin, {
    database,
    metricsRoute: env.metricsOn === "main-listener",
    metricsToken: env.METRICS_TOKEN,
  });

  await app.register(swagger, openapiOptions());
  // The reference and its document (/api/docs, /api/docs/json) only when API_DOCS is on (default: outside
  // production); app.swagger() stays available in-process for the contract checks either way.
  if (env.API_DOCS) {
    await app.register(swaggerUi, {
      routePrefix: "/api/docs",
      // Swagger UI needs its own scripts and styles; the API-wide CSP would block it.
      staticCSP: true,
      transformStaticCSP: (header) => header,
    });
  }

  await app.register(apiV1Routes, { prefix: "/api/v1" });
  await app.register(backofficeV1Routes, { prefix: "/api/backoffice/v1" });
  await app.register(featureStatusRoute, { prefix: "/api" });
  await app.register(imageProxyPlugin);
  await app.register(realtimePlugin, {});
  await app.register(identityDevRoutes);
  if (env.SANDBOX_PSP_ENABLED) await app.register(sandboxPspPages, { prefix: "/sandbox-psp" });
  // Loud on purpose: development-only routes open to whoever reaches the server (ADR 013).
  const demo = demoModeWarning(env);
  if (demo) app.log.warn({ demo_mode: demo.open }, demo.text);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
