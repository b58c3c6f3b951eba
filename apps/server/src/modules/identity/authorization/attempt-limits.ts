import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@croupier/db/create-database";
import { AppError } from "../../../lib/app-error.ts";
import { queryRows } from "../../../lib/sql-executor.ts";

/**
 * Failure counters in the database (table login_attempts), so every server process sees the
 * same count. A key collects failures in a window; reaching the limit locks the key for the
 * lock time. Keys: "login:<email>|<ip>" (account from one IP), "login-ip:<ip>", "login-account:<email>"
 * (account from any IP), "code-ip:<ip>", "mail:<email>", "mail-ip:<ip>".
 */
export type Limit = { max: number; minutes: number };

/** The failure counter of one account across every address (cleared by a login that proves the owner). */
export const accountFailureKey = (email: string) => `login-account:${email.toLowerCase()}`;

type Row = { failures: number; locked_until: string | null };

const minutesLeft = (until: string) => Math.max(1, Math.ceil((new Date(until).getTime() - Date.now()) / 60_000));

const waitMessage = (what: string, until: string) => {
  const minutes = minutesLeft(until);
  return `${what} Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
};

/** When the key is locked now, the lock's end; otherwise null. */
export async function lockedUntil(database: DatabaseHandle, key: string): Promise<string | null> {
  const [row] = await queryRows<Row>(
    database.db,
    sql`SELECT failures, locked_until FROM login_attempts WHERE key = ${key.slice(0, 400)} AND locked_until > now()`,
  );
  return row?.locked_until ?? null;
}

/** Throws RATE_LIMITED when the key is locked now. */
export async function assertNotLocked(database: DatabaseHandle, key: string, what: string): Promise<void> {
  const until = await lockedUntil(database, key);
  if (until) throw new AppError("RATE_LIMITED", waitMessage(what, until));
}

/** Counts one failure; returns the lock end when this failure reached the limit. */
export async function recordFailure(database: DatabaseHandle, key: string, limit: Limit): Promise<string | null> {
  const window = sql`make_interval(mins => ${limit.minutes}::int)`;
  const [row] = await queryRows<Row>(
    database.db,
    sql`INSERT INTO login_attempts AS a (key, failures, window_started_at)
     VALUES (${key.slice(0, 400)}, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN a.window_started_at < now() - ${window} THEN 1 ELSE a.failures + 1 END,
       window_started_at = CASE WHEN a.window_started_at < now() - ${window} THEN now() ELSE a.window_started_at END
     RETURNING failures, locked_until`,
  );
  if (!row || row.failures < limit.max) return null;
  const [locked] = await queryRows<Row>(
    database.db,
    sql`UPDATE login_attempts SET locked_until = now() + ${window}, failures = 0, window_started_at = now()
      WHERE key = ${key.slice(0, 400)} RETURNING failures, locked_until`,
  );
  return locked?.locked_until ?? null;
}

export async function clearFailures(database: DatabaseHandle, key: string): Promise<void> {
  await database.db.execute(sql`DELETE FROM login_attempts WHERE key = ${key.slice(0, 400)}`);
}

/** Counts a use (not a failure) and throws RATE_LIMITED past the limit: for mail-sending calls. */
export async function consumeQuota(database: DatabaseHandle, key: string, limit: Limit, what: string): Promise<void> {
  await assertNotLocked(database, key, what);
  // max uses are allowed; the one after them is refused.
  const lockedUntil = await recordFailure(database, key, { ...limit, max: limit.max + 1 });
  if (lockedUntil) throw new AppError("RATE_LIMITED", waitMessage(what, lockedUntil));
}

export const lockedMessage = (what: string, until: string) => waitMessage(what, until);

export const minutesUntil = minutesLeft;
