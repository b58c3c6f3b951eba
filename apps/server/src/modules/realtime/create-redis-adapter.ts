import type { createAdapter as CreateAdapter } from "@socket.io/redis-adapter";

type Log = { warn: (object: unknown, message?: string) => void; info: (object: unknown, message?: string) => void };

export type RedisAdapter = {
  adapter: ReturnType<typeof CreateAdapter>;
  /** Both connections are up: an emit now reaches the other processes. */
  isReady: () => boolean;
  /** Counts (re)connections: messages published before the latest one may have missed this process. */
  epoch: () => number;
  close: () => Promise<void>;
};

const ERROR_LOG_INTERVAL_MS = 30_000;

/**
 * The Redis adapter makes rooms span server processes: an emit in one process is published
 * and every process delivers it to its own sockets in that room. Needs a pub and a sub connection.
 *
 * Startup does not wait for Redis: the HTTP API keeps working while Redis is away. The outbox
 * dispatcher then holds rows undelivered (isReady) while each process reads them for its own sockets,
 * and delivers them to the other processes once Redis is back (ADR 030).
 */
export async function createRedisAdapter(url: string, log: Log, onStateChange?: () => void): Promise<RedisAdapter> {
  // Imported here, not at the top (ADR 039): the Redis client is the heaviest package a start would load
  // (~0.3 s of CPU), and a server without REDIS_URL never needs it.
  const [{ createAdapter }, { createClient }] = await Promise.all([import("@socket.io/redis-adapter"), import("redis")]);
  const pub = createClient({ url, socket: { reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000) } });
  const sub = pub.duplicate();

  // node-redis reports every failed reconnect; one line per interval is enough.
  let lastErrorLog = 0;
  const onError = (role: string) => (error: unknown) => {
    if (Date.now() - lastErrorLog < ERROR_LOG_INTERVAL_MS) return;
    lastErrorLog = Date.now();
    log.warn({ err: error }, `redis (realtime ${role}) unavailable; reconnecting`);
  };
  // Without an error listener a connection failure would crash the process.
  pub.on("error", onError("pub"));
  sub.on("error", onError("sub"));
  pub.on("ready", () => log.info({}, "redis (realtime) connected"));
  let epoch = 0;
  for (const client of [pub, sub]) {
    client.on("ready", () => {
      epoch += 1;
      onStateChange?.();
    });
  }
  void pub.connect().catch(onError("pub"));
  void sub.connect().catch(onError("sub"));

  return {
    adapter: createAdapter(guarded(pub, onError("pub")), guarded(sub, onError("sub"))),
    isReady: () => pub.isReady && sub.isReady,
    epoch: () => epoch,
    close: async () => {
      // close() would wait for commands queued while disconnected; destroy() drops them.
      await Promise.allSettled(
        [pub, sub].map(async (client) => {
          if (client.isReady) await client.close();
          else if (client.isOpen) client.destroy();
        }),
      );
    },
  };
}

/**
 * The adapter publishes and subscribes without awaiting: a command failing while Redis is away
 * would be an unhandled rejection and end the process. Marking every returned promise handled
 * keeps that from happening (callers that await still see the error). An outbox batch lost that
 * way reaches the other processes anyway: each re-reads the outbox after its own reconnection (ADR 030).
 */
function guarded<T extends object>(client: T, onError: (error: unknown) => void): T {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise) result.catch(onError);
        return result;
      };
    },
  });
}
