import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { verifyWssToken } from "../modules/identity/verify-wss-token.ts";
import { attachStaffChatSocket, type StaffChatSocket } from "../modules/live-chat/staff-chat-socket.ts";
import { createLocalDelivery, type LocalDelivery } from "../modules/realtime/create-local-delivery.ts";
import { createRedisAdapter, type RedisAdapter } from "../modules/realtime/create-redis-adapter.ts";
import {
  createSocketServer,
  type RealtimeServer,
  type VerifySocketToken,
} from "../modules/realtime/create-socket-server.ts";
import { emitOutboxEvent } from "../modules/realtime/emit-outbox-event.ts";
import { createOutboxDispatcher, type OutboxDispatcher } from "../modules/realtime/outbox-dispatcher.ts";

export type Realtime = {
  io: RealtimeServer;
  dispatcher: OutboxDispatcher;
  /** Whether an emit now reaches every process (always true without REDIS_URL). */
  fanOutReady: () => boolean;
  /** The console's namespace (/backoffice): live-chat inbox events, typing, staff presence. */
  staffChat: StaffChatSocket;
};

declare module "fastify" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export type RealtimePluginOptions = {
  /** Outbox polling period; NOTIFY normally wakes the dispatcher long before. */
  pollIntervalMs?: number;
  verifyToken?: VerifySocketToken;
};

/**
 * Realtime events (ARCHITECTURE §5): Socket.IO on Fastify's own HTTP server, fed by the outbox
 * dispatcher. Works without listen() too (app.inject), the socket server simply has no clients.
 */
export const realtimePlugin = fp(async (app: FastifyInstance, options: RealtimePluginOptions) => {
  const verifyToken: VerifySocketToken =
    options.verifyToken ?? ((token) => verifyWssToken(token, { env: app.env, database: app.database }));
  const io = createSocketServer(app.server, {
    verifyToken,
    onAuthFailure: (error) => app.log.debug({ err: error }, "realtime socket refused"),
  });

  let redis: RedisAdapter | undefined;
  let local: LocalDelivery | undefined;
  if (app.env.REDIS_URL) {
    redis = await createRedisAdapter(app.env.REDIS_URL, app.log, () => void local?.catchUp());
    io.adapter(redis.adapter);
    local = createLocalDelivery({
      db: app.database.db,
      emitLocal: (event) => emitOutboxEvent(io, event, "local"),
      isReady: redis.isReady,
      epoch: redis.epoch,
      readWhileDown: app.env.REALTIME_DISPATCH,
      log: app.log,
      pollIntervalMs: options.pollIntervalMs,
    });
    // Rows another process claimed: each process emits them to its own sockets, once (ADR 030).
    io.on("outbox_events", (events) => local?.deliver(events));
  }

  const dispatcher = createOutboxDispatcher({
    database: app.database,
    emit: (event) => emitOutboxEvent(io, event),
    // With Redis: this process's sockets first, then one message per batch for every other process.
    emitBatch: local
      ? (events) => {
          local.deliver(events);
          io.serverSideEmit("outbox_events", events);
        }
      : undefined,
    log: app.log,
    pollIntervalMs: options.pollIntervalMs,
    canEmit: redis?.isReady,
    whileHeld: local?.catchUp,
  });
  const staffChat = attachStaffChatSocket(io, {
    env: app.env,
    db: app.database.db,
    // With its own listener the console is off the public one (lib/backoffice-listener.ts), its socket too:
    // a connection's socket knows the server that accepted it.
    admitsRequest:
      app.env.BACKOFFICE_PORT === undefined ? undefined : (request) => (request.socket as { server?: unknown }).server !== app.server,
    onError: (error) => app.log.debug({ err: error }, "back-office socket error"),
  });
  app.decorate("realtime", { io, dispatcher, fanOutReady: () => redis?.isReady() ?? true, staffChat });

  app.addHook("onReady", async () => {
    await local?.start();
    if (app.env.REALTIME_DISPATCH) await dispatcher.start();
  });
  app.addHook("preClose", async () => {
    await dispatcher.stop();
    await local?.stop();
    await staffChat.stop();
    // Not io.close(): that would close the HTTP server, which Fastify closes itself.
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook("onClose", async () => {
    await redis?.close();
  });
}, { name: "croupier-realtime" });
