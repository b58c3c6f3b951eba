import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "./app-error.ts";

export type BackofficeListener = { port: number; close: () => Promise<void> };

/** The console and the back-office API; with an own listener, only it serves them. */
export const BACKOFFICE_PATH = /^\/(backoffice|api\/backoffice)(\/|\?|$)/;
/** Besides those, the own listener answers its health checks (a load balancer in front of it probes them). */
const HEALTH_PATH = /^\/(healthz|readyz)(\?|$)/;

// Requests that arrived through the back-office listener. A header could be forged by anyone who reaches
// the public listener; the request object itself cannot.
const viaBackoffice = new WeakSet<IncomingMessage>();

/** Whether a request arrived through the back-office listener (false on the public one and for app.inject). */
export function arrivedViaBackoffice(request: IncomingMessage): boolean {
  return viaBackoffice.has(request);
}

/**
 * With BACKOFFICE_PORT set, each listener answers 404 for the other's paths: the public one never serves the
 * console or /api/backoffice/v1, the back-office one serves nothing else (but its health checks). Registered
 * by buildApp before every route; without BACKOFFICE_PORT it does nothing.
 */
export const backofficeListenerGate = fp(async (app: FastifyInstance, options: { ownListener: boolean }) => {
  if (!options.ownListener) return;
  app.addHook("onRequest", (request, _reply, done) => {
    const path = request.url;
    const backofficePath = BACKOFFICE_PATH.test(path);
    const allowed = arrivedViaBackoffice(request.raw) ? backofficePath || HEALTH_PATH.test(path) : !backofficePath;
    if (allowed) return done();
    // The same answer as an unknown route, so the public listener does not even reveal that a console exists.
    done(new AppError("NOT_FOUND", `Route ${request.method}:${path.split("?")[0]} not found`));
  });
}, { name: "croupier-backoffice-listener-gate" });

/**
 * The back-office listener (BACKOFFICE_HOST:BACKOFFICE_PORT): a second HTTP server handing its requests to
 * the same Fastify app (same routes, database, sessions and audit log), marked so the gate above can tell
 * the listeners apart. Socket.IO (the console's live-chat namespace) is attached to it as well.
 */
export async function startBackofficeListener(app: FastifyInstance, options: { host: string; port: number }): Promise<BackofficeListener> {
  const server = http.createServer((request, response) => {
    viaBackoffice.add(request);
    app.routing(request, response);
  });
  // Mirror the main listener's limits on slow clients.
  server.requestTimeout = app.server.requestTimeout;
  server.headersTimeout = app.server.headersTimeout;
  server.keepAliveTimeout = app.server.keepAliveTimeout;
  // The console's live-chat namespace admits only sockets of this server (plugins/realtime.ts).
  if (app.hasDecorator("realtime")) {
    const { io } = app.realtime;
    io.engine.attach(server, { path: io.path() });
  }
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        // Requests under way finish; idle keep-alive sockets go now.
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
