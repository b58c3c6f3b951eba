import type { PoolClient } from "pg";
import type { DatabaseHandle } from "@croupier/db/create-database";
import { OUTBOX_CHANNEL } from "./enqueue-event.ts";

export type OutboxListener = { close: () => Promise<void> };

type Options = {
  database: DatabaseHandle;
  /** Called for every NOTIFY, and after the listener (re)connects, since notifications may have been missed meanwhile. */
  onNotify: () => void;
  onError: (error: unknown) => void;
  /** Wait before reconnecting a dropped listener connection. */
  retryDelayMs?: number;
};

type PgliteLike = {
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;
};

/**
 * LISTEN on the outbox channel. PostgreSQL: one dedicated pooled connection held for the process
 * lifetime (LISTEN belongs to a session, so it cannot go back to the pool), reopened when dropped.
 * PGlite: its in-process listen(). Only a latency shortcut: the dispatcher polls as well.
 */
export async function listenForOutboxNotifications(options: Options): Promise<OutboxListener> {
  if (options.database.pool) return listenOnPostgres(options.database.pool, options);
  const client = (options.database.db as unknown as { $client?: PgliteLike }).$client;
  if (!client || typeof client.listen !== "function") return { close: async () => {} };
  const unlisten = await client.listen(OUTBOX_CHANNEL, () => options.onNotify());
  return { close: () => unlisten() };
}

type Pool = NonNullable<DatabaseHandle["pool"]>;

async function listenOnPostgres(pool: Pool, options: Options): Promise<OutboxListener> {
  const retryDelayMs = options.retryDelayMs ?? 2_000;
  let closed = false;
  let client: PoolClient | undefined;
  let retry: NodeJS.Timeout | undefined;

  const drop = (broken: PoolClient, error: unknown) => {
    if (client !== broken) return;
    client = undefined;
    // Passing the error destroys the connection instead of returning it to the pool.
    broken.release(error instanceof Error ? error : new Error(String(error)));
    if (closed) return;
    options.onError(error);
    retry = setTimeout(() => void open(), retryDelayMs);
  };

  const open = async () => {
    if (closed) return;
    let next: PoolClient;
    try {
      next = await pool.connect();
    } catch (error) {
      options.onError(error);
      retry = setTimeout(() => void open(), retryDelayMs);
      return;
    }
    if (closed) {
      next.release();
      return;
    }
    client = next;
    // Stays attached after release so a late error of the dead connection cannot crash the process.
    next.on("error", (error) => drop(next, error));
    next.on("notification", (message) => {
      if (message.channel === OUTBOX_CHANNEL) options.onNotify();
    });
    try {
      await next.query(`LISTEN ${OUTBOX_CHANNEL}`);
      options.onNotify();
    } catch (error) {
      drop(next, error);
    }
  };

  await open();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      if (!current) return;
      current.removeAllListeners("notification");
      // UNLISTEN is implied when the connection ends; destroying it also keeps LISTEN state out of the pool.
      current.release(true);
    },
  };
}
