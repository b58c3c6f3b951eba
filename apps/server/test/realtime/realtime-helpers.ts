import { io as connectSocket, type Socket } from "socket.io-client";
import type { DatabaseHandle } from "@croupier/db/create-database";
import type { Env } from "../../src/env.ts";
import { issueWssToken } from "../../src/modules/identity/verify-wss-token.ts";

export type Player = { userId: string; sessionId: string; token: string };

/** A real player row and a live session row, with a websocket token minted by identity. */
export async function createPlayer(database: DatabaseHandle, env: Env): Promise<Player> {
  const [user] = await database.query<{ guid: string }>(`INSERT INTO users (email) VALUES ($1) RETURNING guid`, [
    `rt-${crypto.randomUUID()}@example.test`,
  ]);
  const player = { userId: user!.guid, sessionId: "", token: "" };
  return addSession(database, env, player);
}

/** Another login session of the same player (another device). */
export async function addSession(database: DatabaseHandle, env: Env, player: Pick<Player, "userId">): Promise<Player> {
  const [session] = await database.query<{ guid: string }>(
    `INSERT INTO sessions (user_guid, refresh_expires_at, logged_in_at) VALUES ($1, now() + interval '1 day', now()) RETURNING guid`,
    [player.userId],
  );
  const sessionId = session!.guid;
  return { userId: player.userId, sessionId, token: await issueWssToken(env, { userId: player.userId, sessionId }) };
}

export type Received = { type: string; payload: Record<string, unknown> };

export type TestSocket = { socket: Socket; received: Received[]; close: () => void };

/** Connects and resolves once the server admitted the socket; rejects with the server's reason otherwise. */
export function openSocket(
  url: string,
  auth: Record<string, unknown> | undefined,
  transports: ("websocket" | "polling")[] = ["websocket"],
): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket = connectSocket(url, {
      path: "/socket.io",
      transports,
      reconnection: false,
      forceNew: true,
      auth,
      timeout: 5_000,
    });
    const received: Received[] = [];
    socket.onAny((type: string, payload: Record<string, unknown>) => received.push({ type, payload }));
    socket.once("connect", () => resolve({ socket, received, close: () => socket.disconnect() }));
    socket.once("connect_error", (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}

/** Waits until `received` holds an event matching `predicate`. */
export async function waitForEvent(
  client: TestSocket,
  predicate: (event: Received) => boolean,
  timeoutMs = 5_000,
): Promise<Received> {
  const started = Date.now();
  for (;;) {
    const found = client.received.find(predicate);
    if (found) return found;
    if (Date.now() - started > timeoutMs)
      throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(client.received)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const listeningUrl = (address: string | { port: number } | null) => {
  if (!address || typeof address === "string") throw new Error("server is not listening on TCP");
  return `http://127.0.0.1:${address.port}`;
};

/**
 * SQL condition, on an outbox row aliased `o`, for "not handed to the fan-out yet" (ADR 041): past the
 * cursor's head or inside one of its gaps.
 */
export const OUTBOX_UNDELIVERED = `(o.id > (SELECT head FROM outbox_cursor WHERE id = 1)
  OR EXISTS (SELECT 1 FROM outbox_cursor c, jsonb_array_elements(c.gaps) AS g(v)
              WHERE c.id = 1 AND o.id BETWEEN (g.v->>0)::bigint AND (g.v->>1)::bigint))`;
