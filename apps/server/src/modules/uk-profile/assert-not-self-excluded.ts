import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { Env } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { selfExclusionRegister, type RegisterPerson } from "./self-exclusion-register.ts";

// A "not listed" answer is reused for this long per player and process: the login gate also runs on
// every token refresh, which must neither ask the register each time nor end sessions on every
// short outage. Sign-up and a login after this window always ask again.
const NOT_LISTED_REUSE_MS = 15 * 60_000;
const REUSE_MAX_ENTRIES = 10_000;
const notListedAt = new Map<string, number>();

export const REGISTER_UNAVAILABLE_MESSAGE =
  "We cannot verify your details with the national self-exclusion register (GAMSTOP) right now. Please try again later.";

/**
 * Refuses a person the national self-exclusion register lists (ADR 025), and fails closed: when the
 * register gives no answer, nobody gets in. No-op where no register is checked. At sign-up pass the
 * person (no account yet); at login and refresh the user id (read from the account).
 */
export async function assertNotSelfExcluded(
  gate: { db: Db; env: Env },
  who: { userId: string } | { person: RegisterPerson },
  moment: "signup" | "login" | "refresh",
): Promise<void> {
  const register = selfExclusionRegister(gate.env);
  if (!register) return;
  const userId = "userId" in who ? who.userId : null;
  const reuseKey = `${gate.env.SELF_EXCLUSION_REGISTER_URL ?? "fake"}|${userId}`;
  if (userId !== null && Date.now() - (notListedAt.get(reuseKey) ?? -Infinity) < NOT_LISTED_REUSE_MS) return;
  const person = "person" in who ? who.person : await personOf(gate.db, who.userId);
  if (!person) return;
  const answer = await register.check(person);
  // Fail closed at sign-up and login. A refresh keeps its session through an outage (the player passed the
  // register when logging in); a "listed" answer still ends it.
  if (answer === "unavailable" && moment === "refresh") return;
  if (answer === "unavailable") throw new AppError("SERVICE_UNAVAILABLE", REGISTER_UNAVAILABLE_MESSAGE);
  if (answer === "listed") {
    notListedAt.delete(reuseKey);
    throw new AppError(
      "PLAYER_BLOCKED",
      moment === "signup"
        ? "You are registered with the national self-exclusion scheme (GAMSTOP), so we cannot open an account for you."
        : "You are registered with the national self-exclusion scheme (GAMSTOP), so you cannot log in while that registration lasts. To withdraw your remaining balance, contact support.",
    );
  }
  if (userId === null) return;
  if (notListedAt.size >= REUSE_MAX_ENTRIES) notListedAt.clear();
  notListedAt.set(reuseKey, Date.now());
}

async function personOf(db: Db, userId: string): Promise<RegisterPerson | null> {
  const [row] = await queryRows<RegisterPerson>(
    db,
    sql`SELECT email, first_name, last_name, to_char(birthday AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date_of_birth,
               post_code AS postcode,
               CASE WHEN phone_number IS NULL THEN NULL ELSE '+' || coalesce(phone_code, '') || phone_number END AS mobile
          FROM users WHERE guid = ${userId}::uuid`,
  );
  return row ?? null;
}
