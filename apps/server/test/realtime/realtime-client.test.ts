import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Server, type Socket as ServerSocket } from "socket.io";
import {
  createRealtimeClient,
  reconnectDelay,
  type RealtimeClient,
  type RealtimeState,
  type UserBalanceUpdatedEvent,
} from "@croupier/contract/realtime-client";

// A real Socket.IO server standing in for Croupier's: admits the tokens in `validTokens`.
type Fixture = {
  http: HttpServer;
  io: Server;
  url: string;
  validTokens: Set<string>;
  handshakes: Record<string, unknown>[];
  sockets: ServerSocket[];
};

let fixture: Fixture;
const clients: RealtimeClient[] = [];

async function startServer(port = 0): Promise<Fixture> {
  const http = createServer();
  const io = new Server(http, { path: "/socket.io" });
  const validTokens = new Set<string>();
  const handshakes: Record<string, unknown>[] = [];
  const sockets: ServerSocket[] = [];
  io.use((socket, next) => {
    handshakes.push(socket.handshake.auth);
    const token = socket.handshake.auth.token;
    next(typeof token === "string" && validTokens.has(token) ? undefined : new Error("unauthorized"));
  });
  io.on("connection", (socket) => {
    sockets.push(socket);
    void socket.join("player");
  });
  await new Promise<void>((resolve) => http.listen(port, "127.0.0.1", resolve));
  const address = http.address() as AddressInfo;
  return { http, io, url: `http://127.0.0.1:${address.port}`, validTokens, handshakes, sockets };
}

async function stopServer(f: Fixture) {
  await new Promise<void>((resolve) => f.io.close(() => resolve()));
}

beforeEach(async () => {
  fixture = await startServer();
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  await stopServer(fixture);
});

/** Tokens "t1", "t2", … so tests can see that every attempt fetched a fresh one. */
function tokenSource() {
  let issued = 0;
  return {
    get count() {
      return issued;
    },
    next: async () => {
      issued += 1;
      const token = `t${issued}`;
      fixture.validTokens.add(token);
      return token;
    },
  };
}

function client(options: Partial<Parameters<typeof createRealtimeClient>[0]> = {}) {
  const tokens = tokenSource();
  const created = createRealtimeClient({
    url: fixture.url,
    getToken: tokens.next,
    userAgent: "Croupier test agent",
    minDelayMs: 20,
    maxDelayMs: 200,
    random: () => 0.5,
    transports: ["websocket"],
    ...options,
  });
  clients.push(created);
  const states: RealtimeState[] = [];
  created.onStateChange((s) => states.push(s));
  return { client: created, tokens, states };
}

const until = async (condition: () => boolean, timeoutMs = 5_000) => {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const balanceEvent = (eventId: string, balance: string): UserBalanceUpdatedEvent => ({
  event_id: eventId,
  balance,
  bonus_balance: "0",
  free_spin_count: 0,
  wallet_guid: "0b0f6f4e-6a3c-4c59-9d4f-0d5d3e2b7a11",
  operation_type: "bet",
  operation_amount: "1.00",
  currency_guid: "5a1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e",
});

describe("realtime client", () => {
  it("connects with the token and user agent in the connect data and reports its states", async () => {
    // Default transports: long-polling first, then the websocket upgrade.
    const { client: rt, states } = client({ transports: undefined });
    expect(rt.state).toBe("disconnected");
    rt.connect();
    await until(() => rt.state === "connected");
    expect(states).toEqual(["connecting", "connected"]);
    expect(fixture.handshakes).toEqual([{ token: "t1", user_agent: "Croupier test agent" }]);
  });

  it("hands typed events to their handlers, drops redelivered event ids and routes bonus events", async () => {
    const { client: rt } = client();
    const balances: string[] = [];
    const bonuses: [string, unknown][] = [];
    rt.on("user_balance_updated", (event) => balances.push(event.balance));
    rt.onBonus((type, event) => bonuses.push([type, event.event_id]));
    rt.connect();
    await until(() => rt.state === "connected");

    fixture.io.to("player").emit("user_balance_updated", balanceEvent("e1", "10.00"));
    fixture.io.to("player").emit("user_balance_updated", balanceEvent("e1", "10.00"));
    fixture.io.to("player").emit("user_balance_updated", balanceEvent("e2", "9.00"));
    fixture.io.to("player").emit("bonus_activated", { event_id: "e3", bonus_guid: "b1" });
    fixture.io.to("player").emit("customer_status_changed", { event_id: "e4", status: "active" });
    await until(() => bonuses.length === 1 && balances.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(balances).toEqual(["10.00", "9.00"]);
    expect(bonuses).toEqual([["bonus_activated", "e3"]]);
  });

  it("stops calling a handler once it unsubscribed", async () => {
    const { client: rt } = client();
    const seen: string[] = [];
    const off = rt.on("session_closed", (event) => seen.push(event.session_id));
    rt.connect();
    await until(() => rt.state === "connected");
    fixture.io.emit("session_closed", { event_id: "s1", session_id: "a" });
    await until(() => seen.length === 1);
    off();
    fixture.io.emit("session_closed", { event_id: "s2", session_id: "b" });
    fixture.io.emit("session_closed", { event_id: "s3", session_id: "c" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual(["a"]);
  });

  it("reconnects after the connection drops with a fresh token, keeps its handlers and calls onReconnect", async () => {
    const { client: rt, tokens, states } = client();
    const balances: string[] = [];
    let reconnects = 0;
    rt.on("user_balance_updated", (event) => balances.push(event.balance));
    rt.onReconnect(() => (reconnects += 1));
    rt.connect();
    await until(() => rt.state === "connected");
    expect(reconnects).toBe(0);

    // Drop the transport as a network failure would.
    fixture.sockets[0]!.conn.close();
    await until(() => fixture.sockets.length === 2 && rt.state === "connected");
    expect(reconnects).toBe(1);
    expect(tokens.count).toBe(2);
    expect(fixture.handshakes.map((h) => h.token)).toEqual(["t1", "t2"]);
    expect(states).toEqual(["connecting", "connected", "disconnected", "connecting", "connected"]);

    fixture.io.to("player").emit("user_balance_updated", balanceEvent("after-reconnect", "7.00"));
    await until(() => balances.length === 1);
    expect(balances).toEqual(["7.00"]);
  });

  it("survives a server restart on the same port", async () => {
    const { client: rt } = client({ maxDelayMs: 100 });
    let reconnects = 0;
    rt.onReconnect(() => (reconnects += 1));
    rt.connect();
    await until(() => rt.state === "connected");
    const port = Number(new URL(fixture.url).port);
    await stopServer(fixture);
    await until(() => rt.state !== "connected");
    // Let a few attempts fail against the closed port first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    fixture = await startServer(port);
    await until(() => rt.state === "connected", 10_000);
    expect(reconnects).toBe(1);
  });

  it("retries with growing delays after the server refuses its token, and connects once a token is accepted", async () => {
    const errors: string[] = [];
    let calls = 0;
    const attempts: number[] = [];
    const { client: rt } = client({
      minDelayMs: 40,
      maxDelayMs: 1_000,
      getToken: async () => {
        calls += 1;
        attempts.push(Date.now());
        if (calls < 4) return "rejected";
        fixture.validTokens.add("good");
        return "good";
      },
    });
    rt.onError((error) => errors.push(error.message));
    rt.connect();
    await until(() => rt.state === "connected", 5_000);
    expect(errors).toEqual(["unauthorized", "unauthorized", "unauthorized"]);
    const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!);
    // random() = 0.5 → no jitter: 40, 80, 160 ms (plus the refusal round trip).
    expect(gaps[0]).toBeGreaterThanOrEqual(35);
    expect(gaps[1]).toBeGreaterThanOrEqual(75);
    expect(gaps[2]).toBeGreaterThanOrEqual(155);
  });

  it("keeps retrying when fetching the token fails", async () => {
    let calls = 0;
    const errors: string[] = [];
    const { client: rt } = client({
      getToken: async () => {
        calls += 1;
        if (calls === 1) throw new Error("wss-token call failed");
        fixture.validTokens.add("late");
        return "late";
      },
    });
    rt.onError((error) => errors.push(error.message));
    rt.connect();
    await until(() => rt.state === "connected");
    expect(errors).toEqual(["wss-token call failed"]);
  });

  it("stops reconnecting after disconnect()", async () => {
    const { client: rt, tokens } = client();
    rt.connect();
    await until(() => rt.state === "connected");
    rt.disconnect();
    expect(rt.state).toBe("disconnected");
    await until(() => fixture.sockets[0]!.disconnected);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tokens.count).toBe(1);
    expect(fixture.sockets).toHaveLength(1);
    expect(rt.state).toBe("disconnected");
  });
});

describe("reconnectDelay", () => {
  it("grows exponentially from 500 ms and never exceeds 20 s", () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map((n) => reconnectDelay(n, middle))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 16_000, 20_000, 20_000, 20_000,
    ]);
  });

  it("jitters between half and one and a half of the base delay, within [500 ms, 20 s]", () => {
    expect(reconnectDelay(3, () => 0)).toBe(2_000);
    expect(reconnectDelay(3, () => 0.999_999)).toBe(6_000);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(10, () => 0.999_999)).toBe(20_000);
    const spread = new Set(Array.from({ length: 50 }, () => reconnectDelay(4, Math.random)));
    expect(spread.size).toBeGreaterThan(10);
    for (const delay of spread) expect(delay).toBeGreaterThanOrEqual(4_000);
  });
});
