import type { IncomingMessage } from "node:http";
import { sql } from "drizzle-orm";
import type { Namespace, Socket } from "socket.io";
import { BACKOFFICE_SOCKET_NAMESPACE } from "@croupier/contract/backoffice/live-chat";
import { roleCan, type StaffRole } from "@croupier/contract/staff-permissions";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import type { RealtimeServer } from "../realtime/create-socket-server.ts";
import { sessionRoom, staffChatRoom, userRoom } from "../realtime/realtime-rooms.ts";
import { checkStaffSession, STAFF_IDLE_TIMEOUT_MINUTES } from "../staff/check-staff-session.ts";
import { verifyStaffToken, type StaffTokenEnv } from "../staff/staff-token.ts";

/** How often each process refreshes its staff sockets' presence rows (well inside PRESENCE_STALE_SECONDS). */
export const PRESENCE_HEARTBEAT_MS = 20_000;
/** A typing signal per socket at most this often; the clients send one every few seconds while typing. */
const TYPING_MIN_INTERVAL_MS = 1_000;
const TOKEN_MAX_LENGTH = 4_096;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type StaffSocketData = { staffId: string; sessionId: string; role: StaffRole; canReply: boolean; lastTypingAt: number };
type StaffClientEvents = { chat_typing: (payload: unknown) => void };
type StaffServerEvents = Record<string, (payload: unknown) => void>;
export type StaffNamespace = Namespace<StaffClientEvents, StaffServerEvents, Record<string, never>, StaffSocketData>;
type StaffSocket = Socket<StaffClientEvents, StaffServerEvents, Record<string, never>, StaffSocketData>;

type Options = {
  env: StaffTokenEnv;
  db: Db;
  /** Whether a handshake came in through a listener that may serve the console (BACKOFFICE_PORT: only its own). */
  admitsRequest?: (request: IncomingMessage) => boolean;
  onError?: (error: unknown) => void;
};

export type StaffChatSocket = {
  namespace: StaffNamespace;
  /** Refreshes this process's presence rows and drops sockets whose staff session has ended. */
  heartbeat: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * The console's realtime channel: the Socket.IO namespace /backoffice on the same server. A socket is
 * admitted with a staff token of a live staff session whose role may read chats (the same checks as
 * the /api/backoffice/v1 gate); it joins the chat room that chat_inbox_changed and player typing go to.
 * Sockets that may answer also keep a presence row, which tells the player's widget someone is online.
 * Staff send one event: chat_typing { conversation_id }, relayed (not stored) to the player's tabs.
 */
export function attachStaffChatSocket(io: RealtimeServer, options: Options): StaffChatSocket {
  const namespace = io.of(BACKOFFICE_SOCKET_NAMESPACE) as unknown as StaffNamespace;
  const { db } = options;

  namespace.use(async (socket, next) => {
    if (options.admitsRequest && !options.admitsRequest(socket.request)) return next(new Error("unauthorized"));
    const token = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    if (typeof token !== "string" || token.length === 0 || token.length > TOKEN_MAX_LENGTH)
      return next(new Error("unauthorized"));
    try {
      const verified = await verifyStaffToken(options.env, token);
      const session = await checkStaffSession(db, verified.sessionId, verified.staffId);
      if (session === "ended" || !roleCan(session.role, "chat.read")) return next(new Error("unauthorized"));
      socket.data.staffId = verified.staffId;
      socket.data.sessionId = verified.sessionId;
      socket.data.role = session.role;
      socket.data.canReply = roleCan(session.role, "chat.reply");
      socket.data.lastTypingAt = 0;
      if (socket.data.canReply)
        await db.execute(sql`
          INSERT INTO chat_staff_presence (socket_id, staff_guid, staff_session_guid)
          VALUES (${socket.id}, ${verified.staffId}::uuid, ${verified.sessionId}::uuid)
          ON CONFLICT (socket_id) DO UPDATE SET last_seen_at = now()`);
      next();
    } catch (error) {
      options.onError?.(error);
      next(new Error("unauthorized"));
    }
  });

  namespace.on("connection", (socket: StaffSocket) => {
    void socket.join(staffChatRoom);
    socket.on("disconnect", () => {
      if (!socket.data.canReply) return;
      db.execute(sql`DELETE FROM chat_staff_presence WHERE socket_id = ${socket.id}`).catch((error: unknown) =>
        options.onError?.(error),
      );
    });
    socket.on("chat_typing", (payload) => {
      void relayStaffTyping(io, db, socket, payload).catch((error: unknown) => options.onError?.(error));
    });
  });

  const heartbeat = async () => {
    const sockets = [...namespace.sockets.values()].filter((socket) => socket.data.canReply);
    // Rows of sockets this process no longer has (a missed disconnect) and long-stale rows of any process go.
    await db.execute(sql`DELETE FROM chat_staff_presence WHERE last_seen_at < now() - interval '10 minutes'`);
    if (sockets.length === 0) return;
    const ids = sockets.map((socket) => socket.id);
    // Only sockets of a staff session that is still live (open, inside 8 h, not idle) stay present;
    // the others are disconnected, as the REST gate would refuse their next call.
    const live = await queryRows<{ socket_id: string }>(
      db,
      sql`UPDATE chat_staff_presence p SET last_seen_at = now()
            FROM staff_sessions s JOIN staff_users u ON u.guid = s.staff_guid
           WHERE p.socket_id = ANY(${sql`ARRAY[${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )}]::varchar[]`})
             AND s.guid = p.staff_session_guid AND s.ended_at IS NULL AND s.expires_at > now()
             AND s.last_seen_at > now() - make_interval(mins => ${STAFF_IDLE_TIMEOUT_MINUTES}) AND u.status = 'active'
          RETURNING p.socket_id`,
    );
    const kept = new Set(live.map((row) => row.socket_id));
    for (const socket of sockets) if (!kept.has(socket.id)) socket.disconnect(true);
  };

  const timer = setInterval(() => {
    heartbeat().catch((error: unknown) => options.onError?.(error));
  }, PRESENCE_HEARTBEAT_MS);
  timer.unref();

  return {
    namespace,
    heartbeat,
    stop: async () => {
      clearInterval(timer);
      const ids = [...namespace.sockets.values()].filter((socket) => socket.data.canReply).map((socket) => socket.id);
      if (ids.length > 0)
        await db
          .execute(
            sql`DELETE FROM chat_staff_presence WHERE socket_id = ANY(ARRAY[${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}]::varchar[])`,
          )
          .catch((error: unknown) => options.onError?.(error));
      namespace.local.disconnectSockets(true);
    },
  };
}

/** Staff → player typing signal: to the conversation owner's room (player or visitor session), never stored. */
async function relayStaffTyping(io: RealtimeServer, db: Db, socket: StaffSocket, payload: unknown): Promise<void> {
  if (!socket.data.canReply) return;
  const conversationId = (payload as { conversation_id?: unknown } | null)?.conversation_id;
  if (typeof conversationId !== "string" || !UUID.test(conversationId)) return;
  const now = Date.now();
  if (now - socket.data.lastTypingAt < TYPING_MIN_INTERVAL_MS) return;
  socket.data.lastTypingAt = now;
  const [owner] = await queryRows<{ user_guid: string | null; session_guid: string | null }>(
    db,
    sql`SELECT user_guid, session_guid FROM chat_conversations WHERE guid = ${conversationId}::uuid AND status = 'open'`,
  );
  if (!owner) return;
  const room = owner.user_guid
    ? userRoom(owner.user_guid)
    : owner.session_guid
      ? sessionRoom(owner.session_guid)
      : null;
  if (room) io.to(room).emit("chat_typing", { conversation_id: conversationId, side: "staff" });
}
