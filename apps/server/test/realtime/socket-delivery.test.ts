import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { signToken } from "../../src/modules/identity/tokens/jwt.ts";
import { enqueueEvent } from "../../src/modules/realtime/enqueue-event.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import {
  addSession,
  createPlayer,
  listeningUrl,
  openSocket,
  waitForEvent,
  type Player,
  type TestSocket,
  OUTBOX_UNDELIVERED,
} from "./realtime-helpers.ts";

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

const open = async (player: Player) => {
  const client = await openSocket(url, { token: player.token, user_agent: "vitest realtime" });
  sockets.push(client);
  return client;
};
const player = () => createPlayer(ctx.database, ctx.app.env);

describe("realtime socket delivery", () => {
  it("delivers an event committed for a player to that player's socket only, with its event_id", async () => {
    const alice = await player();
    const bob = await player();
    const aliceSocket = await open(alice);
    const bobSocket = await open(bob);

    const payload = {
      balance: "105.500000000000000000",
      bonus_balance: "0",
      free_spin_count: 0,
      wallet_guid: crypto.randomUUID(),
      operation_type: "win",
      operation_amount: "5.500000000000000000",
      currency_guid: crypto.randomUUID(),
    };
    await ctx.database.db.transaction(async (tx) => {
      await enqueueEvent(tx, { type: "user_balance_updated", payload, userGuid: alice.userId });
    });
    const event = await waitForEvent(aliceSocket, (e) => e.type === "user_balance_updated");
    expect(event.payload).toEqual({ ...payload, event_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    // Events are emitted in outbox order, so once Bob's own later event arrives, Alice's would have too.
    await ctx.database.db.transaction(async (tx) => {
      await enqueueEvent(tx, { type: "customer_segment_added", payload: { marker: "bob" }, userGuid: bob.userId });
    });
    await waitForEvent(bobSocket, (e) => e.type === "customer_segment_added");
    expect(bobSocket.received.map((e) => e.type)).toEqual(["customer_segment_added"]);

    const [row] = await ctx.database.query<{ undelivered: boolean }>(
      `SELECT ${OUTBOX_UNDELIVERED} AS undelivered FROM outbox_events o WHERE event_id = $1`,
      [event.payload.event_id],
    );
    expect(row?.undelivered).toBe(false);
  });

  it("never delivers an event whose transaction rolled back", async () => {
    const alice = await player();
    const socket = await open(alice);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await enqueueEvent(tx, {
          type: "user_balance_updated",
          payload: {
            balance: "999",
            bonus_balance: "0",
            free_spin_count: 0,
            wallet_guid: crypto.randomUUID(),
            operation_type: "win",
            operation_amount: "1",
            currency_guid: crypto.randomUUID(),
          },
          userGuid: alice.userId,
        });
        throw new Error("the bet failed after the event was written");
      }),
    ).rejects.toThrow("the bet failed");
    await ctx.database.db.transaction(async (tx) => {
      await enqueueEvent(tx, {
        type: "customer_status_changed",
        payload: { status: "active" },
        userGuid: alice.userId,
      });
    });
    await waitForEvent(socket, (e) => e.type === "customer_status_changed");
    // Give a stray delivery time to show up before asserting it never came.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(socket.received.map((e) => e.type)).toEqual(["customer_status_changed"]);
    const rows = await ctx.database.query(
      `SELECT 1 FROM outbox_events WHERE user_guid = $1 AND type = 'user_balance_updated'`,
      [alice.userId],
    );
    expect(rows).toHaveLength(0);
  });

  it("delivers a session-addressed event to that session's sockets only", async () => {
    const laptop = await player();
    const phone = await addSession(ctx.database, ctx.app.env, laptop);
    const laptopSocket = await open(laptop);
    const phoneSocket = await open(phone);

    await ctx.database.db.transaction(async (tx) => {
      await enqueueEvent(tx, {
        type: "session_closed",
        payload: { session_id: laptop.sessionId },
        sessionGuid: laptop.sessionId,
      });
      await enqueueEvent(tx, { type: "customer_segment_added", payload: {}, sessionGuid: phone.sessionId });
    });
    const closed = await waitForEvent(laptopSocket, (e) => e.type === "session_closed");
    expect(closed.payload.session_id).toBe(laptop.sessionId);
    await waitForEvent(phoneSocket, (e) => e.type === "customer_segment_added");
    expect(phoneSocket.received.map((e) => e.type)).toEqual(["customer_segment_added"]);
    expect(laptopSocket.received.map((e) => e.type)).toEqual(["session_closed"]);
  });

  it("delivers the session_closed events identity writes on logout to the player's sockets", async () => {
    const laptop = await player();
    const phone = await addSession(ctx.database, ctx.app.env, laptop);
    const phoneSocket = await open(phone);
    // Identity addresses session_closed to the player and the session: every tab of the player
    // hears it and compares session_id with its own sid.
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE sessions SET finished_at = now() WHERE guid = ${laptop.sessionId}`);
      await enqueueEvent(tx, {
        type: "session_closed",
        payload: { session_id: laptop.sessionId },
        userGuid: laptop.userId,
        sessionGuid: laptop.sessionId,
      });
    });
    const event = await waitForEvent(phoneSocket, (e) => e.type === "session_closed");
    expect(event.payload.session_id).toBe(laptop.sessionId);
    expect(event.payload.session_id).not.toBe(phone.sessionId);
  });
});

describe("realtime over HTTP long-polling", () => {
  it("admits and serves a client that cannot use websockets (Socket.IO in front of Fastify's routes)", async () => {
    const alice = await player();
    const client = await openSocket(url, { token: alice.token }, ["polling"]);
    sockets.push(client);
    await ctx.database.db.transaction(async (tx) => {
      await enqueueEvent(tx, {
        type: "customer_status_changed",
        payload: { status: "active" },
        userGuid: alice.userId,
      });
    });
    const event = await waitForEvent(client, (e) => e.type === "customer_status_changed");
    expect(event.payload.status).toBe("active");
    // Fastify still answers everything else on the same port.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});

describe("realtime socket authentication", () => {
  const refused = async (auth: Record<string, unknown> | undefined) => {
    const error = await openSocket(url, auth).then(
      (client) => {
        client.close();
        return new Error("connected");
      },
      (reason: Error) => reason,
    );
    return error.message;
  };

  it("refuses a socket without a token, or with a malformed one", async () => {
    expect(await refused(undefined)).toBe("unauthorized");
    expect(await refused({ token: "" })).toBe("unauthorized");
    expect(await refused({ token: "not.a.jwt" })).toBe("unauthorized");
    expect(await refused({ token: 42 })).toBe("unauthorized");
  });

  it("refuses tokens that are forged, of another purpose, anonymous, expired or of a finished session", async () => {
    const env = ctx.app.env;
    const alice = await player();
    const forged = await signToken(
      { ...env, JWT_SECRET: "another-secret-another-secret-another-secret" },
      { typ: "wss", sessionId: alice.sessionId, userId: alice.userId, expiresAt: Math.floor(Date.now() / 1000) + 60 },
    );
    const access = await signToken(env, {
      typ: "access",
      sessionId: alice.sessionId,
      userId: alice.userId,
      expiresAt: Math.floor(Date.now() / 1000) + 60,
    });
    const anonymous = await signToken(env, {
      typ: "wss",
      sessionId: alice.sessionId,
      userId: null,
      expiresAt: Math.floor(Date.now() / 1000) + 60,
    });
    const expired = await signToken(env, {
      typ: "wss",
      sessionId: alice.sessionId,
      userId: alice.userId,
      expiresAt: Math.floor(Date.now() / 1000) - 5,
    });
    for (const token of [forged, access, anonymous, expired]) expect(await refused({ token })).toBe("unauthorized");

    // The genuine token works until the session is finished.
    (await open(alice)).close();
    await ctx.database.query(`UPDATE sessions SET finished_at = now() WHERE guid = $1`, [alice.sessionId]);
    expect(await refused({ token: alice.token })).toBe("unauthorized");
  });
});
