import { io, type Socket } from "socket.io-client";
import type { RealtimeEventBase, RealtimeEventMap, RealtimeEventType } from "./realtime-events.ts";

// The event vocabulary lives in realtime-events.ts (zod). Only its types are imported, so the lazily
// loaded client carries no schema code; they are re-exported as the types of this client's API.
export type {
  CustomerSegmentAddedEvent,
  CustomerStatusChangedEvent,
  DepositSettledEvent,
  PaymentStatusChangedEvent,
  RealtimeEventBase,
  RealtimeEventMap,
  RealtimeEventType,
  SessionClosedEvent,
  UserBalanceUpdatedEvent,
} from "./realtime-events.ts";
/** Any event whose type contains "bonus" (none is written yet; the bonus engine's events will be). */
export type BonusEvent = RealtimeEventBase & Record<string, unknown>;

export type RealtimeState = "connecting" | "connected" | "disconnected";

export type RealtimeClientOptions = {
  /** Server origin; the page's own origin when omitted (same-origin deployment). */
  url?: string;
  path?: string;
  /** Fetches a fresh websocket token (POST /authorization/wss-token) before every connection attempt. */
  getToken: () => Promise<string>;
  /** Sent with the token in the connect data. */
  userAgent?: string;
  /** Reconnect delays grow exponentially from minDelayMs to maxDelayMs, with jitter. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** Connection attempt timeout. */
  timeoutMs?: number;
  /** A number in [0, 1); crypto-based by default (injectable for tests). */
  random?: () => number;
  /** How many recent event ids are remembered to drop redelivered events. */
  dedupeSize?: number;
  transports?: ("websocket" | "polling")[];
};

type Unsubscribe = () => void;

export type RealtimeClient = {
  /** Starts connecting (and keeps reconnecting) until disconnect(). */
  connect: () => void;
  /** Closes the socket and stops reconnecting (logout). */
  disconnect: () => void;
  readonly state: RealtimeState;
  on: <K extends RealtimeEventType>(type: K, handler: (event: RealtimeEventMap[K]) => void) => Unsubscribe;
  /** Every event whose type contains "bonus". */
  onBonus: (handler: (type: string, event: BonusEvent) => void) => Unsubscribe;
  onStateChange: (handler: (state: RealtimeState) => void) => Unsubscribe;
  /**
   * After every reconnection (not the first connection): events sent while the socket was down are
   * not replayed, so the app refetches what they would have updated (wallets).
   */
  onReconnect: (handler: () => void) => Unsubscribe;
  /** Failed attempts: "unauthorized" (refused token), "timeout", transport errors, token fetch failures. */
  onError: (handler: (error: Error) => void) => Unsubscribe;
};

export const REALTIME_MIN_DELAY_MS = 500;
export const REALTIME_MAX_DELAY_MS = 20_000;

/**
 * Delay before reconnect attempt `attempt` (0-based): min·2^attempt capped at max, then
 * jittered to 50–150 % so a server restart is not followed by every client at the same instant,
 * and kept within [min, max].
 */
export function reconnectDelay(
  attempt: number,
  random: () => number,
  minDelayMs = REALTIME_MIN_DELAY_MS,
  maxDelayMs = REALTIME_MAX_DELAY_MS,
): number {
  const base = Math.min(maxDelayMs, minDelayMs * 2 ** Math.min(attempt, 30));
  const jittered = base * (0.5 + random());
  return Math.round(Math.min(maxDelayMs, Math.max(minDelayMs, jittered)));
}

const cryptoRandom = () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

/**
 * A framework-free realtime connection for the player app, over socket.io-client.
 * Reconnection is driven here rather than by socket.io-client because it must fetch a new
 * short-lived token before each attempt and also retry after the server refused a token.
 * Handlers live in this object, not on a socket, so they stay subscribed across reconnections.
 */
export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const minDelayMs = options.minDelayMs ?? REALTIME_MIN_DELAY_MS;
  const maxDelayMs = options.maxDelayMs ?? REALTIME_MAX_DELAY_MS;
  const random = options.random ?? cryptoRandom;
  const dedupeSize = options.dedupeSize ?? 1_000;

  const handlers = new Map<string, Set<(event: never) => void>>();
  const bonusHandlers = new Set<(type: string, event: BonusEvent) => void>();
  const stateHandlers = new Set<(state: RealtimeState) => void>();
  const reconnectHandlers = new Set<() => void>();
  const errorHandlers = new Set<(error: Error) => void>();

  const seen = new Set<string>();
  const seenOrder: string[] = [];

  let state: RealtimeState = "disconnected";
  let wanted = false;
  let everConnected = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  // Bumped by disconnect() so a token fetch that resolves afterwards does not reopen the socket.
  let generation = 0;

  const socketOptions = {
    path: options.path ?? "/socket.io",
    autoConnect: false,
    reconnection: false,
    timeout: options.timeoutMs ?? 5_000,
    // Library default unless told: HTTP long-polling first, upgraded to a websocket when the network allows.
    ...(options.transports ? { transports: options.transports } : {}),
  };
  const socket: Socket = options.url ? io(options.url, socketOptions) : io(socketOptions);

  const setState = (next: RealtimeState) => {
    if (state === next) return;
    state = next;
    for (const handler of [...stateHandlers]) safely(() => handler(next));
  };

  const report = (error: Error) => {
    for (const handler of [...errorHandlers]) safely(() => handler(error));
  };

  const scheduleRetry = () => {
    if (!wanted || retryTimer) return;
    setState("disconnected");
    const delay = reconnectDelay(attempt, random, minDelayMs, maxDelayMs);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void open();
    }, delay);
  };

  const open = async () => {
    if (!wanted || socket.connected) return;
    const current = generation;
    setState("connecting");
    let token: string;
    try {
      token = await options.getToken();
    } catch (error) {
      if (current !== generation) return;
      report(error instanceof Error ? error : new Error(String(error)));
      scheduleRetry();
      return;
    }
    if (current !== generation || !wanted) return;
    socket.auth = { token, user_agent: options.userAgent ?? defaultUserAgent() };
    socket.connect();
  };

  socket.on("connect", () => {
    attempt = 0;
    setState("connected");
    if (everConnected) for (const handler of [...reconnectHandlers]) safely(handler);
    everConnected = true;
  });

  socket.on("connect_error", (error: Error) => {
    report(error);
    scheduleRetry();
  });

  socket.on("disconnect", (reason: string) => {
    if (reason === "io client disconnect" || !wanted) {
      setState("disconnected");
      return;
    }
    report(new Error(reason));
    scheduleRetry();
  });

  socket.onAny((type: string, event: unknown) => {
    if (typeof event !== "object" || event === null) return;
    const eventId = (event as { event_id?: unknown }).event_id;
    if (typeof eventId === "string") {
      // At-least-once delivery: a redelivered event is dropped here.
      if (seen.has(eventId)) return;
      seen.add(eventId);
      seenOrder.push(eventId);
      if (seenOrder.length > dedupeSize) seen.delete(seenOrder.shift()!);
    }
    for (const handler of [...(handlers.get(type) ?? [])]) safely(() => (handler as (e: unknown) => void)(event));
    if (type.includes("bonus")) for (const handler of [...bonusHandlers]) safely(() => handler(type, event as BonusEvent));
  });

  const subscribe = <T>(set: Set<T>, handler: T): Unsubscribe => {
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  };

  return {
    connect: () => {
      if (wanted) return;
      wanted = true;
      attempt = 0;
      void open();
    },
    disconnect: () => {
      wanted = false;
      generation += 1;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      everConnected = false;
      socket.disconnect();
      setState("disconnected");
    },
    get state() {
      return state;
    },
    on: (type, handler) => {
      const set = handlers.get(type) ?? new Set();
      handlers.set(type, set);
      return subscribe(set, handler as (event: never) => void);
    },
    onBonus: (handler) => subscribe(bonusHandlers, handler),
    onStateChange: (handler) => subscribe(stateHandlers, handler),
    onReconnect: (handler) => subscribe(reconnectHandlers, handler),
    onError: (handler) => subscribe(errorHandlers, handler),
  };
}

// One faulty handler must not stop the others or the connection logic.
function safely(run: () => void) {
  try {
    run();
  } catch (error) {
    console.error(error);
  }
}

function defaultUserAgent(): string {
  return typeof navigator === "undefined" ? "" : navigator.userAgent;
}
