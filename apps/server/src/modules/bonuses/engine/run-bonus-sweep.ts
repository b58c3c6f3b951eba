import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";
import { ensureLedgerAccount, PLATFORM_OWNER } from "../../ledger/ledger-accounts.ts";
import { movePocketMoney } from "../../ledger/move-pocket-money.ts";
import { moveWalletMoney } from "../../ledger/move-wallet-money.ts";
import { activateCustomerBonusInTransaction } from "./activate-customer-bonus.ts";
import { announceBonusStatus } from "./announce-bonus-status.ts";
import { endCustomerBonus, type BonusOutcome } from "./end-customer-bonus.ts";
import { grantScheduledBonuses, type ScheduledGrantOptions } from "./grant-scheduled-bonuses.ts";

/** Rows one task handles per tick; the rest wait for the next tick. */
export const BONUS_SWEEP_BATCH = 100;
/**
 * Quiet time (seconds without any change to the wallet) before the engine judges what depends on
 * rounds that may still be open: free spins settled (the last spin's win may still come), lost (a
 * pending win may rescue it) and late bonus money after a bonus ended.
 */
export const BONUS_QUIET_SECONDS = 30;

/** Late bonus money is looked for on wallets whose bonus ended this recently (rounds close long before). */
export const LATE_MONEY_DAYS = 7;

export type BonusSweepReport = Record<string, number>;

const quiet = sql`w.updated_at < now() - make_interval(secs => ${BONUS_QUIET_SECONDS})`;
const holds = sql`w.customer_bonus_guid = cb.guid`;
const spinsDone = sql`(cb.bonus_type <> 'free_spins' OR cb.spins_settled)`;

/** Conditions on `cb` and `w`, checked in the candidate scan and again under the row locks. */
const endings: { outcome: BonusOutcome; when: SQL }[] = [
  // Completion first: wagering finished before the deadline is not lost to a sweep that ran late.
  {
    outcome: "completed",
    when: sql`cb.status = 'active' AND ${holds} AND w.wager = 0 AND w.free_spin_count = 0 AND NOT cb.deferred AND ${spinsDone}`,
  },
  { outcome: "expired", when: sql`cb.status = 'offered' AND cb.activation_expiration_date < now()` },
  { outcome: "expired", when: sql`cb.status = 'active' AND cb.wagering_expiration_date < now()` },
  {
    // Nothing left to play with: no cash, no spins, bonus money gone or under the threshold.
    outcome: "lost",
    when: sql`cb.status = 'active' AND ${holds} AND w.wager > 0 AND w.free_spin_count = 0 AND NOT cb.deferred AND ${spinsDone}
              AND w.balance = 0 AND (w.bonus_balance = 0 OR w.bonus_balance < cb.bonus_threshold) AND ${quiet}`,
  },
];

/**
 * One pass of the bonus engine's timers (the sweeper calls it every few seconds; tests call it
 * directly). Every task scans candidates in bounded batches, then handles each in its own
 * transaction that locks the row (SKIP LOCKED: another process on it is left alone) and re-checks
 * the condition; money moves carry per-bonus ledger keys. Two processes, a crash or a restart change
 * nothing but the delay.
 */
export async function runBonusSweep(db: Db, options: { scheduled?: ScheduledGrantOptions } = {}): Promise<BonusSweepReport> {
  const report: BonusSweepReport = {};
  const count = (task: string, n: number) => {
    if (n > 0) report[task] = (report[task] ?? 0) + n;
  };
  count("campaigns", await moveCampaignsByDates(db));
  count("activated", await activateDue(db));
  count("spins_settled", await settleFreeSpins(db));
  for (const ending of endings) count(ending.outcome, await endWhere(db, ending.outcome, ending.when));
  count("progress", await announceMilestones(db));
  count("late_money", await sweepLateBonusMoney(db));
  // Last: the campaigns just started above are granted in the same pass; a slow grant batch delays no ending.
  const scheduled = await grantScheduledBonuses(db, options.scheduled);
  count("scheduled_granted", scheduled.granted);
  count("scheduled_skipped", scheduled.skipped);
  count("scheduled_failed", scheduled.failed);
  return report;
}

/** scheduled → active once the current version's start passed; → ended once its end passed. */
async function moveCampaignsByDates(db: Db): Promise<number> {
  const started = await queryRows<{ bonus_guid: string }>(
    db,
    sql`UPDATE bonus_campaigns bc SET status = 'active', updated_at = now()
          FROM bonus_campaign_versions v
         WHERE v.guid = bc.current_version_guid AND bc.status = 'scheduled'
           AND (v.start_date IS NULL OR v.start_date <= now()) AND (v.end_date IS NULL OR v.end_date > now())
        RETURNING bc.bonus_guid`,
  );
  const ended = await queryRows<{ bonus_guid: string }>(
    db,
    // ended_at (ADR 035): when a running campaign stopped; one still scheduled never ran and keeps NULL.
    sql`UPDATE bonus_campaigns bc SET status = 'ended', updated_at = now(),
               ended_at = CASE WHEN bc.status IN ('active', 'paused') THEN now() END
          FROM bonus_campaign_versions v
         WHERE v.guid = bc.current_version_guid AND bc.status IN ('scheduled', 'active', 'paused') AND v.end_date <= now()
        RETURNING bc.bonus_guid`,
  );
  return started.length + ended.length;
}

async function candidates(db: SqlExecutor, when: SQL, order: SQL = sql`cb.created_at`): Promise<string[]> {
  const rows = await queryRows<{ guid: string }>(
    db,
    sql`SELECT cb.guid FROM customer_bonuses cb JOIN wallets w ON w.guid = cb.wallet_guid
         WHERE cb.status IN ('offered', 'active') AND ${when}
         ORDER BY ${order} LIMIT ${BONUS_SWEEP_BATCH}`,
  );
  return rows.map((r) => r.guid);
}

async function endWhere(db: Db, outcome: BonusOutcome, when: SQL): Promise<number> {
  let ended = 0;
  for (const guid of await candidates(db, when)) {
    const result = await db.transaction((tx) =>
      endCustomerBonus(tx, { customerBonusGuid: guid, outcome, condition: when, skipLocked: true, reason: `${outcome} by the engine` }),
    );
    if (result.status === "ended") ended += 1;
  }
  return ended;
}

/** Locks the customer bonus's wallet unless another transaction holds it; false then. */
async function lockWalletOf(tx: SqlExecutor, customerBonusGuid: string): Promise<boolean> {
  const rows = await queryRows<{ guid: string }>(
    tx,
    sql`SELECT w.guid FROM wallets w JOIN customer_bonuses cb ON cb.wallet_guid = w.guid
         WHERE cb.guid = ${customerBonusGuid}::uuid FOR NO KEY UPDATE OF w SKIP LOCKED`,
  );
  return rows.length > 0;
}

/** Offered bonuses whose auto-activation is due, on wallets without an active bonus. */
async function activateDue(db: Db): Promise<number> {
  const due = sql`cb.status = 'offered' AND cb.auto_activate_at <= now()
                  AND (cb.activation_expiration_date IS NULL OR cb.activation_expiration_date >= now())
                  AND w.customer_bonus_guid IS NULL`;
  let activated = 0;
  for (const guid of await candidates(db, due, sql`cb.auto_activate_at`)) {
    const result = await db.transaction(async (tx) => {
      // Wallet first, then the bonus (the engine's lock order); busy rows are left to their holder.
      if (!(await lockWalletOf(tx, guid))) return null;
      const locked = await queryRows<{ guid: string }>(
        tx,
        sql`SELECT cb.guid FROM customer_bonuses cb WHERE cb.guid = ${guid}::uuid AND cb.status = 'offered' FOR UPDATE SKIP LOCKED`,
      );
      if (!locked[0]) return null;
      return activateCustomerBonusInTransaction(tx, { playerGuid: null, customerBonusGuid: guid, actor: "system" });
    });
    if (result?.status === "activated") activated += 1;
  }
  return activated;
}

/**
 * Free-spin bonuses whose spins are all played (and the wallet quiet): their winnings become the
 * bonus (bonus_amount = the spins' winnings, wagering = that × the multiplier). A zero win leaves
 * nothing to wager and the completion task ends it in the same pass.
 */
async function settleFreeSpins(db: Db): Promise<number> {
  const when = sql`cb.status = 'active' AND cb.bonus_type = 'free_spins' AND NOT cb.spins_settled AND ${holds}
                   AND w.free_spin_count = 0 AND ${quiet}`;
  let settled = 0;
  for (const guid of await candidates(db, when)) {
    const done = await db.transaction(async (tx) => {
      if (!(await lockWalletOf(tx, guid))) return false;
      const rows = await queryRows<{ guid: string }>(
        tx,
        sql`WITH locked AS (
              SELECT cb.guid, w.guid AS wallet_guid, trunc(w.free_spin_win_amount, c.decimals) AS won,
                     trunc(w.free_spin_win_amount * v.bonus_wager, c.decimals) AS wager
                FROM customer_bonuses cb JOIN wallets w ON w.guid = cb.wallet_guid
                JOIN bonus_campaign_versions v ON v.guid = cb.bonus_version_guid JOIN currencies c ON c.guid = cb.currency_guid
               WHERE cb.guid = ${guid}::uuid AND ${when}
                 FOR UPDATE OF cb SKIP LOCKED),
            bonus AS (
              UPDATE customer_bonuses cb SET spins_settled = true, bonus_amount = locked.won, wager_amount = locked.wager,
                                             win_sum = locked.won, updated_at = now()
                FROM locked WHERE cb.guid = locked.guid RETURNING cb.guid),
            wallet AS (
              UPDATE wallets w SET wager = locked.wager, updated_at = now()
                FROM locked WHERE w.guid = locked.wallet_guid RETURNING w.guid)
            SELECT bonus.guid FROM bonus, wallet`,
      );
      if (!rows[0]) return false;
      await announceBonusStatus(tx, guid, "spins_finished");
      return true;
    });
    if (done) settled += 1;
  }
  return settled;
}

/** bonus_status_changed progress once per milestone (25, 50, 75 %) crossed, tracked on the row. */
async function announceMilestones(db: Db): Promise<number> {
  const milestone = sql`(LEAST(3, floor((cb.wager_amount - w.wager) * 4 / cb.wager_amount)) * 25)::smallint`;
  const when = sql`cb.status = 'active' AND ${holds} AND NOT cb.deferred AND cb.wager_amount > 0 AND ${milestone} > cb.progress_milestone`;
  let announced = 0;
  for (const guid of await candidates(db, when)) {
    const done = await db.transaction(async (tx) => {
      const rows = await queryRows<{ guid: string }>(
        tx,
        sql`UPDATE customer_bonuses cb SET progress_milestone = ${milestone}, updated_at = now()
              FROM wallets w
             WHERE cb.guid = ${guid}::uuid AND w.guid = cb.wallet_guid AND ${when}
            RETURNING cb.guid`,
      );
      if (!rows[0]) return false;
      await announceBonusStatus(tx, guid, "progress");
      return true;
    });
    if (done) announced += 1;
  }
  return announced;
}

/**
 * Late bonus money: a bonus-funded round that closes (win or rollback) after its bonus ended puts
 * bonus money on a wallet with no active bonus. It follows the ended bonus's outcome: after a
 * completion it converts to cash within what is left of max_cashout (the rest forfeited); after an
 * expiry, cancel or loss it is forfeited. Only wallets that had a customer bonus are touched.
 */
async function sweepLateBonusMoney(db: Db): Promise<number> {
  const when = sql`w.customer_bonus_guid IS NULL AND w.bonus_balance > 0 AND ${quiet}
                   AND EXISTS (SELECT 1 FROM customer_bonuses e WHERE e.wallet_guid = w.guid AND e.finished_at IS NOT NULL)`;
  // Driven by recently ended bonuses (indexed on finished_at), not by a scan of every wallet.
  const wallets = await queryRows<{ guid: string }>(
    db,
    sql`SELECT DISTINCT w.guid FROM customer_bonuses r JOIN wallets w ON w.guid = r.wallet_guid
         WHERE r.finished_at > now() - make_interval(days => ${LATE_MONEY_DAYS}) AND ${when}
         LIMIT ${BONUS_SWEEP_BATCH}`,
  );
  let swept = 0;
  for (const { guid } of wallets) {
    const done = await db.transaction(async (tx) => {
      const rows = await queryRows<{ bonus_guid: string; currency_guid: string; convert: string; forfeit: string; last_credit: string }>(
        tx,
        sql`WITH locked AS (SELECT w.* FROM wallets w WHERE w.guid = ${guid}::uuid AND ${when} FOR NO KEY UPDATE SKIP LOCKED),
                 ended AS (SELECT e.* FROM customer_bonuses e JOIN locked ON e.wallet_guid = locked.guid
                            WHERE e.finished_at IS NOT NULL ORDER BY e.finished_at DESC LIMIT 1),
                 split AS (SELECT CASE WHEN ended.status <> 'completed' THEN 0
                                       WHEN ended.max_cashout > 0
                                         THEN LEAST(locked.bonus_balance, GREATEST(ended.max_cashout - COALESCE(ended.converted_amount, 0), 0))
                                       ELSE locked.bonus_balance END AS convert, locked.bonus_balance AS total
                             FROM locked, ended)
            SELECT ended.guid AS bonus_guid, ended.currency_guid, split.convert::text AS convert,
                   (split.total - split.convert)::text AS forfeit,
                   (SELECT t.guid FROM ledger_transfers t WHERE t.credit_account_guid = locked.bonus_account_guid
                     ORDER BY t.created_at DESC, t.guid DESC LIMIT 1) AS last_credit
              FROM locked, ended, split`,
      );
      const late = rows[0];
      if (!late) return false;
      // One sweep per arrival of late money: the key names the last credit to the bonus pocket.
      const key = (what: string) => `bonus:${late.bonus_guid}:late-${what}:${late.last_credit}`;
      if (/[1-9]/.test(late.convert)) {
        await movePocketMoney(tx, {
          walletGuid: guid,
          from: "bonus_balance",
          to: "balance",
          amount: late.convert,
          kind: "bonus_conversion",
          idempotencyKey: key("conversion"),
          bonusGuid: late.bonus_guid,
          operationType: "bonus_conversion",
        });
      }
      if (/[1-9]/.test(late.forfeit)) {
        const bonusCost = await ensureLedgerAccount(tx, { kind: "bonus_cost", owner: PLATFORM_OWNER, currencyGuid: late.currency_guid });
        await moveWalletMoney(tx, {
          walletGuid: guid,
          pocket: "bonus_balance",
          direction: "debit",
          amount: late.forfeit,
          counterpartyAccountGuid: bonusCost,
          kind: "bonus_forfeit",
          idempotencyKey: key("forfeit"),
          bonusGuid: late.bonus_guid,
          operationType: "bonus_forfeit",
        });
      }
      await tx.execute(
        sql`UPDATE customer_bonuses
               SET converted_amount = COALESCE(converted_amount, 0) + ${late.convert}::numeric,
                   forfeited_amount = COALESCE(forfeited_amount, 0) + ${late.forfeit}::numeric, updated_at = now()
             WHERE guid = ${late.bonus_guid}::uuid`,
      );
      return true;
    });
    if (done) swept += 1;
  }
  return swept;
}
