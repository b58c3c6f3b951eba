import type { OutboxEvent } from "./claim-outbox-events.ts";
import type { RealtimeServer } from "./create-socket-server.ts";
import { BACKOFFICE_SOCKET_NAMESPACE } from "@croupier/contract/backoffice/live-chat";
import { sessionRoom, staffChatRoom, userRoom } from "./realtime-rooms.ts";

/**
 * Emits an outbox row as a Socket.IO event named by its type, with event_id added for client-side
 * de-duplication. A row addressed to both a player and a session goes to the union of both rooms
 * (every socket of the session is in the player's room too; clients compare session_id themselves).
 * `local` reaches this process's sockets only, never the adapter (ADR 030: each process delivers
 * to its own sockets once, whatever Redis does).
 */
export function emitOutboxEvent(io: RealtimeServer, event: OutboxEvent, scope: "all" | "local" = "all"): void {
  // The console's events go to the staff chat room of the /backoffice namespace, never to a player.
  if (event.type === "chat_inbox_changed") {
    const payload = isRecord(event.payload) ? event.payload : { value: event.payload };
    const namespace = io.of(BACKOFFICE_SOCKET_NAMESPACE);
    (scope === "local" ? namespace.local : namespace).to(staffChatRoom).emit(event.type, { ...payload, event_id: event.event_id });
    return;
  }
  const rooms: string[] = [];
  if (event.user_guid) rooms.push(userRoom(event.user_guid));
  if (event.session_guid) rooms.push(sessionRoom(event.session_guid));
  // An event without an addressee has nobody to go to; it is marked delivered with its batch.
  if (rooms.length === 0) return;
  const payload = isRecord(event.payload) ? event.payload : { value: event.payload };
  (scope === "local" ? io.local : io).to(rooms).emit(event.type, { ...payload, event_id: event.event_id });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
