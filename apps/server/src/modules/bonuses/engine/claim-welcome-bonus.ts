import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";

export type WelcomeClaimKind = "email" | "phone" | "card" | "device";
export type WelcomeClaimResult = { status: "claimed" } | { status: "already_claimed"; kind: WelcomeClaimKind };

/** Most recent sessions whose device counts: a few, so public Wi-Fi history does not link half a city. */
const DEVICE_SESSIONS = 3;
/** Saved cards looked at (deleted ones included): far more than a real player keeps. */
const MAX_CARDS = 20;
/** Reported in this order when several identifiers are already claimed (the most certain link first). */
const KIND_ORDER: readonly WelcomeClaimKind[] = ["email", "phone", "card", "device"];

type Identifier = { kind: WelcomeClaimKind; hash: string };

/**
 * An email's mailbox: lower-cased, trimmed, without a "+tag" in the local part ("ann+2@x.io" and
 * "Ann@x.io" reach the same inbox on nearly every provider, and plus-addressing is the cheapest way
 * to open a second account).
 */
export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  const local = lower.slice(0, at).split("+")[0] || lower.slice(0, at);
  return `${local}@${lower.slice(at + 1)}`;
}

/**
 * A phone as digits only: country code without the "00" international prefix, then the national number
 * without leading zeros (the national trunk prefix: "+44 07700 900123", "0044 7700 900123" and
 * "+44 7700 900123" are one line). Null when too short to mean anything.
 */
export function normalisePhone(code: string | null, number: string | null): string | null {
  const national = (number ?? "").replace(/\D/g, "").replace(/^0+/, "");
  if (national.length < 5) return null;
  // The country code without its international prefix ("0044" and "+44" are one code).
  return `${(code ?? "").replace(/\D/g, "").replace(/^0+/, "")}:${national}`;
}

// Domain-separated so one kind's value can never collide with another's.
const hash = (kind: WelcomeClaimKind, value: string) => createHash("sha256").update(`${kind}:${value}`).digest("hex");

/**
 * One welcome bonus per person (ADR 031): records the player's identifiers under `claim` in
 * bonus_claim_identities, or reports the first identifier another account already claimed with.
 * Called in the grant's transaction.
 *
 * What links two accounts to one person (only SHA-256 hashes are stored, never the values):
 * - email: the mailbox, see normaliseEmail;
 * - phone: users.phone_code + phone_number, digits only, see normalisePhone;
 * - card: every card the player ever saved (deleted ones too: deleting a card must not free it), by
 *   BIN + last 4 + expiry month and year, the rule withdrawal review already uses for "the same card
 *   saved by another player" (ADR 018). The holder name is left out on purpose: the player types it;
 *   the provider token is left out because a PSP issues a new one per save;
 * - device: the platform sets no device-id cookie (the `fid` cookie is a marketing tracking id that
 *   every visitor of one affiliate link shares, so it identifies a campaign, not a device). What it does
 *   record per login is the session log (sessions.ip + the full user-agent string, with its version
 *   numbers): the same browser build on the same network address is treated as the same device. The
 *   player's DEVICE_SESSIONS most recent logged-in sessions count. A registration grant that runs before
 *   the first session is opened has no device identifier yet; the first-deposit grant has.
 *
 * Concurrency: every identifier is inserted in one statement, in one global order (kind, hash), with
 * ON CONFLICT DO NOTHING. Two racing claims that share an identifier meet on the unique index: the second
 * waits for the first to commit, inserts nothing for it, and the next statement (a new snapshot under
 * READ COMMITTED) sees the winner's row. The single order means two claims never deadlock. A refused
 * claim removes the rows it inserted, so an abuser's new identifiers are not left attached to a bonus
 * that was never granted. Rows that already belong to the same player count as his (a retried grant).
 */
export async function claimWelcomeBonus(
  tx: SqlExecutor,
  input: { playerGuid: string; claim: "welcome"; customerBonusGuid: string },
): Promise<WelcomeClaimResult> {
  const identifiers = await playerIdentifiers(tx, input.playerGuid);
  if (identifiers.length === 0) return { status: "claimed" };
  // One jsonb parameter: the identifier list, as (kind, value_hash) rows.
  const list = JSON.stringify(identifiers.map((id) => ({ kind: id.kind, value_hash: id.hash })));
  const ids = sql`jsonb_to_recordset(${list}::jsonb) AS ids(kind text, value_hash text)`;

  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO bonus_claim_identities (claim, kind, value_hash, customer_guid, customer_bonus_guid)
        SELECT ${input.claim}, ids.kind, ids.value_hash, ${input.playerGuid}::uuid, ${input.customerBonusGuid}::uuid
          FROM ${ids}
         ORDER BY ids.kind, ids.value_hash
        ON CONFLICT (claim, kind, value_hash) DO NOTHING
        RETURNING id`,
  );

  const taken = await queryRows<{ kind: WelcomeClaimKind }>(
    tx,
    sql`SELECT DISTINCT b.kind FROM bonus_claim_identities b
          JOIN ${ids} ON ids.kind = b.kind AND ids.value_hash = b.value_hash
         WHERE b.claim = ${input.claim} AND b.customer_guid <> ${input.playerGuid}::uuid`,
  );
  if (taken.length === 0) return { status: "claimed" };

  if (inserted.length > 0) {
    const mine = JSON.stringify(inserted.map((row) => row.id));
    await tx.execute(
      sql`DELETE FROM bonus_claim_identities WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text(${mine}::jsonb))`,
    );
  }
  const kind = KIND_ORDER.find((k) => taken.some((row) => row.kind === k))!;
  return { status: "already_claimed", kind };
}

async function playerIdentifiers(tx: SqlExecutor, playerGuid: string): Promise<Identifier[]> {
  const rows = await queryRows<{ source: "user" | "phone" | "card" | "device"; a: string | null; b: string | null }>(
    tx,
    sql`SELECT 'user' AS source, u.email AS a, NULL::text AS b FROM users u WHERE u.guid = ${playerGuid}
        UNION ALL
        SELECT 'phone', u.phone_code, u.phone_number FROM users u WHERE u.guid = ${playerGuid} AND u.phone_number IS NOT NULL
        UNION ALL
        (SELECT 'card', c.bin || '|' || c.last4, lpad(c.exp_month::text, 2, '0') || '/' || c.exp_year::text
           FROM payment_cards c WHERE c.customer_guid = ${playerGuid} ORDER BY c.created_at DESC LIMIT ${MAX_CARDS})
        UNION ALL
        (SELECT 'device', s.ip, s.user_agent FROM sessions s
          WHERE s.user_guid = ${playerGuid} AND s.logged_in_at IS NOT NULL AND s.ip IS NOT NULL AND s.user_agent IS NOT NULL
          ORDER BY s.created_at DESC LIMIT ${DEVICE_SESSIONS})`,
  );
  const ids = new Map<string, Identifier>();
  const add = (kind: WelcomeClaimKind, value: string | null) => {
    if (!value) return;
    const h = hash(kind, value);
    ids.set(`${kind}:${h}`, { kind, hash: h });
  };
  for (const row of rows) {
    if (row.source === "user") add("email", row.a ? normaliseEmail(row.a) : null);
    else if (row.source === "phone") add("phone", normalisePhone(row.a, row.b));
    else if (row.source === "card") add("card", row.a && row.b ? `${row.a}|${row.b}` : null);
    else if (row.source === "device") add("device", row.a && row.b ? `${row.a.trim().toLowerCase()}|${row.b.trim()}` : null);
  }
  return [...ids.values()];
}
