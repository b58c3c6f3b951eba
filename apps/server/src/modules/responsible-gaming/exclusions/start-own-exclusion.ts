import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@croupier/db/create-database";
import type { CreateExclusionBody, Exclusion } from "@croupier/contract/entities/exclusions";
import { AppError } from "../../../lib/app-error.ts";
import { queryRows } from "../../../lib/sql-executor.ts";
import {
  assertNotLocked,
  clearFailures,
  lockedMessage,
  recordFailure,
} from "../../identity/authorization/attempt-limits.ts";
import { verifyPassword } from "../../identity/password/hash-password.ts";
import { createExclusion } from "./create-exclusion.ts";

const WRONG = "The password is wrong.";
const TOO_MANY = "Too many wrong passwords.";
const FAILURES = { max: 5, minutes: 30 };

/**
 * POST /responsible-gaming/exclusions: the player's own time-out or self-exclusion (ADR 020). The
 * password confirms it, so that a stolen session cannot lock the owner out lightly; an account
 * without a password (identity-provider login) confirms by typing its email address instead.
 * Wrong answers count (5 per 30 minutes). No KYC is asked (PLAYER_PROTECTION 19). Every session of
 * the player ends, this one included: the tab that asked logs out.
 */
export async function startOwnExclusion(
  database: DatabaseHandle,
  playerId: string,
  body: CreateExclusionBody,
): Promise<Exclusion> {
  const key = `exclusion-confirm:${playerId}`;
  await assertNotLocked(database, key, TOO_MANY);
  const [user] = await queryRows<{ hash: string | null; email: string; passwordless: boolean }>(
    database.db,
    sql`SELECT password_hash AS hash, email, passwordless FROM users WHERE guid = ${playerId}`,
  );
  if (!user) throw new AppError("UNAUTHORIZED", "Please log in to continue.");
  const confirmed =
    user.hash === null
      ? body.password.trim().toLowerCase() === user.email.toLowerCase()
      : await verifyPassword(user.hash, body.password);
  if (!confirmed) {
    const lock = await recordFailure(database, key, FAILURES);
    if (lock) throw new AppError("RATE_LIMITED", lockedMessage(TOO_MANY, lock));
    throw new AppError("VALIDATION_ERROR", user.hash === null ? "Type your email address to confirm." : WRONG, {
      fields: [{ field: "body.password", message: user.hash === null ? "must be your email address" : "is wrong" }],
    });
  }
  await clearFailures(database, key);
  const row = await createExclusion(database.db, playerId, { kind: body.kind, period: body.period });
  return { ...row, active: true };
}
