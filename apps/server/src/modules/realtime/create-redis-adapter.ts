import { createAdapter } from "@socket.io/redis-adapter";
import { createClient } from "redis";

type Log = { warn: (object: unknown, message?: string) => void };

export type RedisAdapter = { adapter: ReturnType<typeof createAdapter>; close: () => Promise<void> };

/**
 * The Redis adapter makes rooms span server processes: an emit in one process is published
 * and every process delivers it to its own sockets in that room. Needs a pub and a sub connection.
 */
export async function createRedisAdapter(url: string, log: Log): Promise<RedisAdapter> {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // Without listeners a connection error would crash the process; node-redis reconnects on its own.
  pub.on("error", (error: unknown) => log.warn({ err: error }, "redis (realtime pub) error"));
  sub.on("error", (error: unknown) => log.warn({ err: error }, "redis (realtime sub) error"));
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    adapter: createAdapter(pub, sub),
    close: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
