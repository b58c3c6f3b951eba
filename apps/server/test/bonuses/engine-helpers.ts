import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { DatabaseHandle } from "@croupier/db/create-database";
import { grantBonus, type GrantBonusInput, type GrantBonusResult } from "../../src/modules/bonuses/engine/grant-bonus.ts";
import { reconcileLedger } from "../../src/modules/ledger/reconcile-ledger.ts";

type Database = Pick<DatabaseHandle, "query" | "db">;

export type EngineCampaign = { bonusGuid: string; versionGuid: string };

export type EngineCampaignOptions = {
  currencyGuid: string;
  type?: "deposit_match" | "fixed_amount" | "free_spins" | "cashback";
  trigger?: "registration" | "deposit" | "promo_code" | "manual" | "scheduled";
  status?: "draft" | "scheduled" | "active" | "paused" | "ended";
  depositNumber?: number | null;
  bonusPercent?: string;
  wager?: string;
  autoActivation?: boolean;
  autoActivationTime?: number;
  isCumulative?: boolean;
  depositDefer?: boolean;
  startDate?: string | null;
  endDate?: string | null;
  minDeposit?: string;
  maxBonusSum?: string;
  maxCashout?: string;
  threshold?: string;
  spins?: number;
  spinBet?: string;
};

/** One campaign with one version and terms in one currency, straight in the database. */
export async function engineCampaign(database: Database, o: EngineCampaignOptions): Promise<EngineCampaign> {
  const bonusGuid = randomUUID();
  const versionGuid = randomUUID();
  await database.query("INSERT INTO bonus_campaigns (bonus_guid, status) VALUES ($1, $2)", [bonusGuid, o.status ?? "active"]);
  await database.query(
    `INSERT INTO bonus_campaign_versions (guid, bonus_guid, version, bonus_name, bonus_trigger, bonus_type, deposit_number, bonus_percent,
       bonus_wager, wagering_expiration_time, activation_expiration_time, auto_activation, auto_activation_time, is_cumulative,
       deposit_defer, start_date, end_date)
     VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $8, 86400, 86400, $9, $10, $11, $12, $13, $14)`,
    [
      versionGuid,
      bonusGuid,
      `Engine ${o.type ?? "fixed_amount"} ${bonusGuid.slice(0, 8)}`,
      o.trigger ?? "manual",
      o.type ?? "fixed_amount",
      o.depositNumber ?? null,
      o.bonusPercent ?? "0",
      o.wager ?? "0",
      o.autoActivation ?? false,
      o.autoActivationTime ?? 0,
      o.isCumulative ?? true,
      o.depositDefer ?? false,
      o.startDate ?? null,
      o.endDate ?? null,
    ],
  );
  await database.query(
    `INSERT INTO bonus_campaign_currencies (version_guid, currency_guid, min_deposit_sum, max_bonus_sum, max_cashout, bonus_threshold,
       free_spins_count, free_spin_bet)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [versionGuid, o.currencyGuid, o.minDeposit ?? "0", o.maxBonusSum ?? "0", o.maxCashout ?? "0", o.threshold ?? "0", o.spins ?? 0, o.spinBet ?? "0"],
  );
  await database.query("UPDATE bonus_campaigns SET current_version_guid = $2 WHERE bonus_guid = $1", [bonusGuid, versionGuid]);
  return { bonusGuid, versionGuid };
}

/** grantBonus in its own transaction, as a manual grant unless told otherwise. */
export async function grant(
  database: Database,
  campaign: EngineCampaign,
  input: Partial<GrantBonusInput> & { playerGuid: string; currencyGuid: string },
): Promise<GrantBonusResult> {
  return database.db.transaction((tx) =>
    grantBonus(tx, { versionGuid: campaign.versionGuid, trigger: "manual", sourceKey: `manual:${randomUUID()}`, ...input }),
  );
}

export function grantedGuid(result: GrantBonusResult): string {
  if (result.status === "ineligible") throw new Error(`not granted: ${result.reason}`);
  return result.customerBonusGuid;
}

export async function bonusRow(database: Database, guid: string) {
  const [row] = await database.query<{
    status: string;
    bonus_amount: string;
    wager_amount: string;
    converted_amount: string | null;
    forfeited_amount: string | null;
    spins_settled: boolean;
    deferred: boolean;
    progress_milestone: number;
  }>(
    `SELECT status, trim_scale(bonus_amount)::text AS bonus_amount, trim_scale(wager_amount)::text AS wager_amount,
            trim_scale(converted_amount)::text AS converted_amount, trim_scale(forfeited_amount)::text AS forfeited_amount,
            spins_settled, deferred, progress_milestone
       FROM customer_bonuses WHERE guid = $1`,
    [guid],
  );
  return row!;
}

export async function pockets(database: Database, walletGuid: string) {
  const [row] = await database.query<{
    balance: string;
    bonus_balance: string;
    deferred_bonus_balance: string;
    wager: string;
    customer_bonus_guid: string | null;
    free_spin_count: number;
  }>(
    `SELECT trim_scale(balance)::text AS balance, trim_scale(bonus_balance)::text AS bonus_balance,
            trim_scale(deferred_bonus_balance)::text AS deferred_bonus_balance, trim_scale(wager)::text AS wager,
            customer_bonus_guid, free_spin_count
       FROM wallets WHERE guid = $1`,
    [walletGuid],
  );
  return row!;
}

/** The wallet has been quiet long enough for the engine to judge lost / spins settled / late money. */
export async function makeQuiet(database: Database, walletGuid: string): Promise<void> {
  await database.query("UPDATE wallets SET updated_at = now() - interval '1 hour' WHERE guid = $1", [walletGuid]);
}

export async function bonusEvents(database: Database, customerBonusGuid: string): Promise<string[]> {
  const rows = await database.query<{ event: string }>(
    "SELECT payload->>'event' AS event FROM outbox_events WHERE type = 'bonus_status_changed' AND payload->>'customer_bonus_guid' = $1 ORDER BY id",
    [customerBonusGuid],
  );
  return rows.map((r) => r.event);
}

export async function transfersOf(database: Database, customerBonusGuid: string): Promise<{ kind: string; amount: string; key: string }[]> {
  return database.query(
    "SELECT kind, trim_scale(amount)::text AS amount, idempotency_key AS key FROM ledger_transfers WHERE bonus_guid = $1 ORDER BY created_at, idempotency_key",
    [customerBonusGuid],
  );
}

export async function expectBooksClean(database: Database): Promise<void> {
  const report = await reconcileLedger(database.db);
  expect(report.culprits).toEqual([]);
  expect(report.ok).toBe(true);
}
