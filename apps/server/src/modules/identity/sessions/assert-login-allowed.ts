import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { Env } from "../../../env.ts";
import { AppError } from "../../../lib/app-error.ts";
import { queryRows } from "../../../lib/sql-executor.ts";
import { lockedError } from "../shared/locked-error.ts";
import { assertNotSelfExcluded } from "../../uk-profile/assert-not-self-excluded.ts";
import { findHeldSelfExclusion } from "../../responsible-gaming/exclusions/find-held-self-exclusion.ts";
import { selfExclusionNeedsReturnRequest } from "../../responsible-gaming/exclusions/self-exclusion-return-policy.ts";

/** What the gate reads. IdentityServices satisfies it; refresh passes its own db and env. */
export type LoginGate = { db: Db; env: Env };

type GateRow = {
  status: string;
  reason: string | null;
  kind: "time_out" | "self_exclusion" | "operator" | null;
  ends_at: string | null;
  indefinite: boolean;
};

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "12 May 2027, 14:30 UTC": the server does not know the player's zone, so it names UTC (built by hand: ICU versions word it differently). */
export function formatExclusionEnd(endsAt: string): string {
  const d = new Date(endsAt);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

// How an excluded player can still take the remaining balance out (ADR 020): support pays it out.
const PAYOUT_HINT = "To withdraw your remaining balance, contact support.";

/** The refusal for an exclusion in force, with its end date (PLAYER_BLOCKED, shown to the player as is). */
export function exclusionError(kind: NonNullable<GateRow["kind"]>, endsAt: string | null): AppError {
  const until = endsAt ? `until ${formatExclusionEnd(endsAt)}` : "until further notice";
  const text =
    kind === "time_out"
      ? `You are taking a time-out ${until}. You cannot log in before then.`
      : kind === "self_exclusion"
        ? endsAt
          ? `You are self-excluded ${until}. You cannot log in before then.`
          : "You have self-excluded with no end date. You cannot log in."
        : `Your account is closed for play by the operator ${until}.`;
  return new AppError("PLAYER_BLOCKED", `${text} ${PAYOUT_HINT}`);
}

/**
 * The one gate of every way in (password, refresh, login code or magic link, identity provider,
 * SMS code): it throws PLAYER_BLOCKED with a message the player can read when the account may
 * not log in, and returns otherwise. Checks, in order: the operator's lock, an exclusion in force
 * (time-out, self-exclusion or operator exclusion, ADR 020; the latest end wins), then the
 * national self-exclusion register where the profile requires it. A refresh (`moment`) keeps a
 * session the register cannot answer for: the player passed it when logging in (ADR 025).
 */
export async function assertLoginAllowed(
  gate: LoginGate,
  userId: string,
  moment: "login" | "refresh" = "login",
): Promise<void> {
  const [row] = await queryRows<GateRow>(
    gate.db,
    sql`
      SELECT u.status, u.status_reason AS reason, x.kind, x.ends_at::text AS ends_at, coalesce(x.indefinite, false) AS indefinite
        FROM users u
        LEFT JOIN LATERAL (
          SELECT e.kind, e.ends_at, e.ends_at IS NULL AS indefinite
            FROM player_exclusions e
           WHERE e.user_guid = u.guid AND e.ended_at IS NULL AND e.starts_at <= now()
             AND (e.ends_at IS NULL OR e.ends_at > now())
           ORDER BY e.ends_at DESC NULLS FIRST
           LIMIT 1
        ) x ON true
       WHERE u.guid = ${userId}`,
  );
  if (!row) throw new AppError("UNAUTHORIZED", "Your session has ended. Please log in again.");
  if (row.status === "locked") throw lockedError(row.reason);
  if (row.kind) throw exclusionError(row.kind, row.indefinite ? null : row.ends_at);
  // gb: an ended self-exclusion holds until the player asks to return, and a day after that (ADR 020).
  if (selfExclusionNeedsReturnRequest(gate.env.jurisdiction)) {
    const held = await findHeldSelfExclusion(gate.db, userId);
    if (held)
      throw new AppError(
        "PLAYER_BLOCKED",
        held.reopens_at
          ? `You asked to return after your self-exclusion: your account reopens on ${formatExclusionEnd(held.reopens_at)}.`
          : `Your self-exclusion ended on ${formatExclusionEnd(held.ended_at)}. To play again, contact support and ask to return: your account reopens 24 hours after you ask.`,
      );
  }

  // --- National self-exclusion register (issue #16, part E) -------------------------------
  // The register check goes here, after the account's own state: fail closed when the register
  // cannot be reached, only under profiles that require it (gb) or when its URL is configured.
  // ----------------------------------------------------------------------------------------
  await assertNotSelfExcluded(gate, { userId }, moment);
}
