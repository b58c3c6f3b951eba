import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connectSocket } from "socket.io-client";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import {
  listeningUrl,
  openSocket,
  waitForEvent,
  type Received,
  type TestSocket,
} from "../realtime/realtime-helpers.ts";
import { chatPlayer, chatVisitor } from "./live-chat-helpers.ts";

let ctx: TestContext;
let url: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ctx = await buildTestApp();
  await ctx.app.listen({ host: "127.0.0.1", port: 0 });
  url = listeningUrl(ctx.app.server.address());
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx?.close();
});

/** A console socket on the /backoffice namespace with a staff token. */
function openStaffSocket(token: string | undefined, origin = url): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket = connectSocket(`${origin}/backoffice`, {
      path: "/socket.io",
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      auth: token ? { token } : {},
      timeout: 5_000,
    });
    const received: Received[] = [];
    socket.onAny((type: string, payload: Record<string, unknown>) => received.push({ type, payload }));
    socket.once("connect", () => {
      const client = { socket, received, close: () => socket.disconnect() };
      sockets.push(client);
      resolve(client);
    });
    socket.once("connect_error", (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}
const tokenOf = (staff: TestStaff) => staff.headers.authorization.slice("Bearer ".length);

const post = async (path: string, headers: { authorization: string }, payload?: object) => {
  const res = await ctx.app.inject({
    method: "POST",
    url: path,
    headers,
    payload,
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  return { status: res.statusCode, payload: res.json().payload };
};
const staffOnline = async (headers: { authorization: string }) =>
  (
    (await ctx.app.inject({ method: "GET", url: "/api/v1/chat/conversation", headers })).json() as {
      payload: { staff_online: boolean };
    }
  ).payload.staff_online;

async function until(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("live chat over Socket.IO", () => {
  it("admits only staff tokens of roles that read chats on /backoffice, never a player's", async () => {
    const player = await chatPlayer(ctx);
    await expect(openStaffSocket(undefined)).rejects.toThrow("unauthorized");
    await expect(openStaffSocket(player.token)).rejects.toThrow("unauthorized");
    await expect(openStaffSocket(player.headers.authorization.slice(7))).rejects.toThrow("unauthorized");
    await expect(openStaffSocket(tokenOf(await createTestStaff(ctx, "finance")))).rejects.toThrow("unauthorized");
    // A staff token does not open the players' namespace either.
    await expect(openSocket(url, { token: tokenOf(await createTestStaff(ctx, "support")) })).rejects.toThrow(
      "unauthorized",
    );
    const ended = await createTestStaff(ctx, "support");
    await ctx.database.query(`UPDATE staff_sessions SET ended_at = now() WHERE guid = $1`, [ended.sessionId]);
    await expect(openStaffSocket(tokenOf(ended))).rejects.toThrow("unauthorized");
  });

  it("shows staff as online while a socket that may answer is connected, and offline once it leaves", async () => {
    const visitor = await chatVisitor(ctx);
    // A compliance officer reads chats but does not answer them: not "online" for the widget.
    const compliance = await openStaffSocket(tokenOf(await createTestStaff(ctx, "compliance")));
    expect(await staffOnline(visitor.headers)).toBe(false);
    const support = await openStaffSocket(tokenOf(await createTestStaff(ctx, "support")));
    await until(async () => staffOnline(visitor.headers));
    support.close();
    await until(async () => !(await staffOnline(visitor.headers)));
    compliance.close();
  });

  it("drops a staff socket at the heartbeat once its staff session has ended", async () => {
    const staff = await createTestStaff(ctx, "support");
    const client = await openStaffSocket(tokenOf(staff));
    const disconnected = new Promise<void>((resolve) => client.socket.once("disconnect", () => resolve()));
    await ctx.database.query(`UPDATE staff_sessions SET ended_at = now() WHERE guid = $1`, [staff.sessionId]);
    await ctx.app.realtime.staffChat.heartbeat();
    await disconnected;
    // Its presence row goes with it: the widget no longer counts it as someone to answer.
    await until(async () => {
      const [row] = await ctx.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM chat_staff_presence WHERE staff_guid = $1`,
        [staff.staffId],
      );
      return Number(row!.n) === 0;
    });
  });

  it("delivers messages both ways live, with typing indicators, to the player's socket and the console", async () => {
    const staff = await createTestStaff(ctx, "support");
    const console = await openStaffSocket(tokenOf(staff));
    const player = await chatPlayer(ctx);
    const playerSocket = await openSocket(url, { token: player.token });
    sockets.push(playerSocket);

    const sent = await post("/api/v1/chat/messages", player.headers, { text: "Is anyone there?" });
    expect(sent.status).toBe(200);
    const conversationId = sent.payload.conversation_id as string;
    // The player's other tabs get their own message; the console hears of the conversation.
    const own = await waitForEvent(playerSocket, (e) => e.type === "chat_message");
    expect(own.payload).toMatchObject({
      conversation_id: conversationId,
      message: { author: "player", text: "Is anyone there?" },
      unread: 0,
    });
    const changed = await waitForEvent(console, (e) => e.type === "chat_inbox_changed");
    expect(changed.payload).toMatchObject({
      conversation_id: conversationId,
      reason: "message",
      event_id: expect.any(String),
    });

    // Player typing → console.
    expect((await post("/api/v1/chat/typing", player.headers)).payload).toEqual({ delivered: true });
    const typing = await waitForEvent(console, (e) => e.type === "chat_typing");
    expect(typing.payload).toEqual({ conversation_id: conversationId, side: "player" });

    // Staff typing → the player's socket only.
    const stranger = await chatPlayer(ctx);
    const strangerSocket = await openSocket(url, { token: stranger.token });
    sockets.push(strangerSocket);
    console.socket.emit("chat_typing", { conversation_id: conversationId });
    const staffTyping = await waitForEvent(playerSocket, (e) => e.type === "chat_typing");
    expect(staffTyping.payload).toEqual({ conversation_id: conversationId, side: "staff" });

    // Staff answer → player, with the unread count for the badge.
    const reply = await post(`/api/backoffice/v1/chat/conversations/${conversationId}/messages`, staff.headers, {
      text: "Yes, hello!",
    });
    expect(reply.status).toBe(200);
    const answer = await waitForEvent(
      playerSocket,
      (e) => e.type === "chat_message" && (e.payload.message as { author: string }).author === "staff",
    );
    expect(answer.payload).toMatchObject({
      conversation_id: conversationId,
      message: { text: "Yes, hello!", staff_name: "Test support" },
      unread: 1,
    });
    // Nothing of this conversation reached another player.
    expect(strangerSocket.received.filter((e) => e.type.startsWith("chat_"))).toEqual([]);
    // Console events never reach a player's socket, and player events never the console.
    expect(playerSocket.received.map((e) => e.type)).not.toContain("chat_inbox_changed");
    expect(console.received.map((e) => e.type)).not.toContain("chat_message");
  });

  it("ignores typing from a role that cannot answer and for malformed conversation ids", async () => {
    const player = await chatPlayer(ctx);
    const playerSocket = await openSocket(url, { token: player.token });
    sockets.push(playerSocket);
    const answering = await createTestStaff(ctx, "support");
    const headers = answering.headers;
    const sent = await post("/api/v1/chat/messages", player.headers, { text: "hello", email: "p@example.test" });
    expect(sent.status).toBe(200);
    const reader = await openStaffSocket(tokenOf(await createTestStaff(ctx, "compliance")));
    reader.socket.emit("chat_typing", { conversation_id: sent.payload.conversation_id });
    reader.socket.emit("chat_typing", { conversation_id: "nope" });
    reader.socket.emit("chat_typing", "garbage");
    // A later staff message proves the socket is live and the events above were dropped, not late.
    await post(`/api/backoffice/v1/chat/conversations/${sent.payload.conversation_id}/messages`, headers, {
      text: "marker",
    });
    await waitForEvent(
      playerSocket,
      (e) => e.type === "chat_message" && (e.payload.message as { text: string }).text === "marker",
    );
    expect(playerSocket.received.map((e) => e.type)).not.toContain("chat_typing");
  });
});

describe("live chat over Socket.IO with the console on its own listener", () => {
  let own: TestContext;
  let listener: { port: number; close: () => Promise<void> };

  beforeAll(async () => {
    const { startBackofficeListener } = await import("../../src/lib/backoffice-listener.ts");
    const port = await freePort();
    own = await buildTestApp({ BACKOFFICE_PORT: String(port) });
    await own.app.listen({ host: "127.0.0.1", port: 0 });
    listener = await startBackofficeListener(own.app, { host: "127.0.0.1", port });
  });
  afterAll(async () => {
    await listener?.close();
    await own?.close();
  });

  it("admits staff sockets only through the console's listener (BACKOFFICE_PORT)", async () => {
    const staff = await createTestStaff(own, "support");
    await expect(openStaffSocket(tokenOf(staff), listeningUrl(own.app.server.address()))).rejects.toThrow(
      "unauthorized",
    );
    const console = await openStaffSocket(tokenOf(staff), `http://127.0.0.1:${listener.port}`);
    expect(console.socket.connected).toBe(true);
    console.close();
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
