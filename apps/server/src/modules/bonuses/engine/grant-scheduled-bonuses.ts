import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../../lib/sql-executor.ts";
import { playerInSegmentsSql } from "../../segments/player-in-segments-sql.ts";
import { grantBonus } from "./grant-bonus.ts";

/** Players granted (or looked at) per sweep tick, over all scheduled campaigns together. */
export const SCHEDULED_GRANT_BATCH = 200;
/** Running scheduled campaigns looked at per tick (the rest wait for a later tick). */
const SCHEDULED_CAMPAIGNS_MAX = 20;
/**
 * Once a full scan of a campaign found nobody left, later ticks only look at players who signed up
 * recently (users_created_idx) and a full scan runs again after this long: it catches a wallet
 * opened later in the campaign's currency or a time-out that ended. Memory only: a restart scans in full.
 */
const FULL_SCAN_MS = 10 * 60_000;
const doneAt = new Map<string, number>();

export type ScheduledGrantReport = { granted: number; skipped: number; failed: number };
export type ScheduledGrantOptions = { batch?: number; log?: Pick<FastifyBaseLogger, "error"> };

type Campaign = { bonus_guid: string; version_guid: string };
type Candidate = { customer_guid: string; currency_guid: string };

/**
 * The sweeper's scheduled-trigger task (ADR 031): every active `scheduled` campaign within its dates
 * is granted to each eligible player, at most `batch` players per tick, exactly once per player
 * (source key `scheduled:{bonus_guid}:{player}`, UNIQUE in customer_bonuses).
 *
 * No progress is stored: the candidates are the players with no customer bonus of the campaign yet
 * (an anti-join on customer_bonuses_customer_idx), so a restart resumes where the rows say, and a
 * player who registers while the campaign runs is picked up on a later tick. The candidate query
 * mirrors grantBonus's player checks (exclusion, a wallet in a currency with terms, an amount to
 * grant), so a player grantBonus would refuse is never picked and never retried in a loop. Two
 * processes may pick the same players: each grant locks the player's wallet with SKIP LOCKED (the
 * other process moves on) and grantBonus answers `duplicate` for one already granted.
 */
export async function grantScheduledBonuses(db: Db, options: ScheduledGrantOptions = {}): Promise<ScheduledGrantReport> {
  const report: ScheduledGrantReport = { granted: 0, skipped: 0, failed: 0 };
  let budget = Math.max(0, Math.min(options.batch ?? SCHEDULED_GRANT_BATCH, 10_000));
  if (budget === 0) return report;
  // A targeted version goes to the players of its segments (ADR 033; candidates() filters them).
  const campaigns = await queryRows<Campaign>(
    db,
    sql`SELECT bc.bonus_guid, v.guid AS version_guid
          FROM bonus_campaigns bc JOIN bonus_campaign_versions v ON v.guid = bc.current_version_guid
         WHERE bc.status = 'active' AND v.bonus_trigger = 'scheduled'
           AND (v.start_date IS NULL OR v.start_date <= now()) AND (v.end_date IS NULL OR v.end_date > now())
         ORDER BY bc.created_at, bc.bonus_guid
         LIMIT ${SCHEDULED_CAMPAIGNS_MAX}`,
  );
  // Keyed by version: a new version (new terms, new currencies) is scanned in full.
  const running = new Set(campaigns.map((c) => c.version_guid));
  for (const guid of doneAt.keys()) if (!running.has(guid)) doneAt.delete(guid);
  for (const campaign of campaigns) {
    if (budget === 0) break;
    const done = doneAt.get(campaign.version_guid);
    const full = done === undefined || Date.now() - done > FULL_SCAN_MS;
    // The window reaches back past the last full scan (with room for clock skew and slow sign-ups).
    const since = done === undefined || full ? null : new Date(done - FULL_SCAN_MS).toISOString();
    const players = await candidates(db, campaign, budget, since);
    if (full && players.length === 0) doneAt.set(campaign.version_guid, Date.now());
    budget -= players.length;
    for (const player of players) {
      const outcome = await grantOne(db, campaign, player, options.log);
      report[outcome] += 1;
    }
  }
  return report;
}

/**
 * Players without a customer bonus of this campaign, each with one wallet in a currency the version
 * has terms (with something to grant) for: the active wallet first, else the oldest; for a targeted
 * version, only players in one of its segments (a player who joins one later is picked up by the
 * next full scan, at most FULL_SCAN_MS later). Locked accounts,
 * staff and blocked wallets are left out, and players under a time-out or self-exclusion (checked
 * last, on the few rows left) are not picked while it lasts.
 */
async function candidates(db: Db, campaign: Campaign, limit: number, signedUpSince: string | null): Promise<Candidate[]> {
  const recent = signedUpSince === null ? sql`true` : sql`u.created_at > ${signedUpSince}::timestamptz`;
  return queryRows<Candidate>(
    db,
    sql`SELECT DISTINCT ON (w.customer_guid) w.customer_guid, w.currency_guid
          FROM bonus_campaign_versions v
          JOIN bonus_campaign_currencies t ON t.version_guid = v.guid
          JOIN currencies c ON c.guid = t.currency_guid
          JOIN wallets w ON w.currency_guid = t.currency_guid AND w.status = 'active'
          JOIN users u ON u.guid = w.customer_guid AND u.status = 'active' AND NOT u.is_admin AND ${recent}
         WHERE v.guid = ${campaign.version_guid}::uuid
           AND CASE v.bonus_type WHEN 'fixed_amount' THEN trunc(t.max_bonus_sum, c.decimals) > 0
                                 WHEN 'free_spins' THEN t.free_spins_count > 0
                                 -- A deposit match needs a deposit, a cashback its amount: nothing to grant on a date.
                                 ELSE false END
           AND NOT EXISTS (SELECT 1 FROM customer_bonuses o
                            WHERE o.customer_guid = w.customer_guid AND o.bonus_guid = ${campaign.bonus_guid}::uuid)
           AND ${playerInSegmentsSql(sql`u.guid`, sql`v.segment_guids`)}
           AND NOT player_excluded(w.customer_guid)
         ORDER BY w.customer_guid, w.is_active DESC, w.created_at, w.guid
         LIMIT ${limit}`,
  );
}

async function grantOne(
  db: Db,
  campaign: Campaign,
  player: Candidate,
  log: ScheduledGrantOptions["log"],
): Promise<keyof ScheduledGrantReport> {
  try {
    return await db.transaction(async (tx) => {
      // A wallet busy elsewhere (a bet, the other process granting it) is left for a later tick.
      const free = await queryRows<{ guid: string }>(
        tx,
        sql`SELECT guid FROM wallets WHERE customer_guid = ${player.customer_guid}::uuid AND currency_guid = ${player.currency_guid}::uuid
              FOR NO KEY UPDATE SKIP LOCKED`,
      );
      if (!free[0]) return "skipped";
      const result = await grantBonus(tx, {
        versionGuid: campaign.version_guid,
        playerGuid: player.customer_guid,
        currencyGuid: player.currency_guid,
        trigger: "scheduled",
        sourceKey: `scheduled:${campaign.bonus_guid}:${player.customer_guid}`,
      });
      return result.status === "granted" ? "granted" : "skipped";
    });
  } catch (error: unknown) {
    // One player's failure never stops the others (nor the sweep's other tasks); the next tick retries.
    log?.error({ err: error, player_guid: player.customer_guid, bonus_guid: campaign.bonus_guid }, "scheduled bonus grant failed");
    return "failed";
  }
}
