import type { Server as HttpServer } from "node:http";
import { Server, type Socket } from "socket.io";
import type { OutboxEvent } from "./claim-outbox-events.ts";
import { sessionRoom, userRoom } from "./realtime-rooms.ts";

export const SOCKET_PATH = "/socket.io";
const TOKEN_MAX_LENGTH = 4_096;
const USER_AGENT_MAX_LENGTH = 512;

export type SocketIdentity = { userId: string; sessionId: string };
/** Resolves the player behind a websocket token, or throws when the token is bad, expired or its session is over. */
export type VerifySocketToken = (token: string) => Promise<SocketIdentity>;

export type SocketData = SocketIdentity & { userAgent: string | null };
/** Between server processes (through the Redis adapter): outbox rows, for each to emit to its own sockets (ADR 030). */
export type ServerSideEvents = { outbox_events: (events: OutboxEvent[]) => void };
// Clients only listen; the server accepts no client events.
export type RealtimeServer = Server<Record<string, never>, Record<string, (payload: unknown) => void>, ServerSideEvents, SocketData>;

type Options = {
  verifyToken: VerifySocketToken;
  onAuthFailure?: (error: unknown) => void;
};

/**
 * Socket.IO on the HTTP server Fastify already owns (same origin and port, path /socket.io).
 * A socket is admitted only with a valid `auth.token`; it then sits in its player's room and its
 * login session's room, which is all the outbox dispatcher needs to address it.
 */
export function createSocketServer(httpServer: HttpServer, options: Options): RealtimeServer {
  const io: RealtimeServer = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    // Clients send nothing but the handshake; a few KB is plenty.
    maxHttpBufferSize: 16 * 1024,
    // Dead peers are noticed within ~20 s (the client's server-ping tolerance is 10 s).
    pingInterval: 10_000,
    pingTimeout: 10_000,
    connectTimeout: 10_000,
  });

  io.use(async (socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
    const token = auth.token;
    if (typeof token !== "string" || token.length === 0 || token.length > TOKEN_MAX_LENGTH)
      return next(new Error("unauthorized"));
    try {
      const identity = await options.verifyToken(token);
      socket.data.userId = identity.userId;
      socket.data.sessionId = identity.sessionId;
      socket.data.userAgent = userAgentOf(socket, auth.user_agent);
      next();
    } catch (error) {
      options.onAuthFailure?.(error);
      next(new Error("unauthorized"));
    }
  });

  io.on("connection", (socket) => {
    void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)]);
  });

  return io;
}

function userAgentOf(socket: Socket, declared: unknown): string | null {
  const value = typeof declared === "string" && declared ? declared : socket.handshake.headers["user-agent"];
  return typeof value === "string" ? value.slice(0, USER_AGENT_MAX_LENGTH) : null;
}
