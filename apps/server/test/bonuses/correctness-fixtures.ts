import { randomUUID } from "node:crypto";
import type { DatabaseHandle, Db } from "@croupier/db/create-database";
import { runBonusSweep } from "../../src/modules/bonuses/engine/run-bonus-sweep.ts";

/** Campaign rows for the correctness tests (model, concurrency): one active campaign, one version, one currency. */
export type Campaign = { bonusGuid: string; versionGuid: string };

export async function createCampaign(
  database: Pick<DatabaseHandle, "query">,
  options: {
    type: "fixed_amount" | "free_spins" | "deposit_match";
    trigger?: "manual" | "deposit" | "registration";
    currencyGuid: string;
    depositNumber?: number | null;
    bonusPercent?: string;
    maxBonusSum?: string;
    wager?: string;
    maxCashout?: string;
    spins?: number;
    spinBet?: string;
    gameGuids?: string[];
    autoActivation?: boolean;
    autoActivationSeconds?: number;
    isCumulative?: boolean;
    distributionPercent?: string;
    depositDefer?: boolean;
    threshold?: string;
  },
): Promise<Campaign> {
  const bonusGuid = randomUUID();
  const versionGuid = randomUUID();
  await database.query("INSERT INTO bonus_campaigns (bonus_guid, status) VALUES ($1, 'active')", [bonusGuid]);
  await database.query(
    `INSERT INTO bonus_campaign_versions (guid, bonus_guid, version, bonus_name, bonus_trigger, bonus_type, deposit_number,
       bonus_percent, bonus_wager, wagering_expiration_time, activation_expiration_time, auto_activation, is_cumulative, game_guids,
       auto_activation_time, winnings_distribution_percent, deposit_defer)
     VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $8, 86400, 86400, $9, $10, $11::uuid[], $12, $13, $14)`,
    [
      versionGuid,
      bonusGuid,
      `Correctness ${options.type} ${bonusGuid.slice(0, 8)}`,
      options.trigger ?? "manual",
      options.type,
      options.depositNumber ?? null,
      options.bonusPercent ?? "0",
      options.wager ?? "0",
      options.autoActivation ?? false,
      options.isCumulative ?? true,
      `{${(options.gameGuids ?? []).join(",")}}`,
      options.autoActivationSeconds ?? 0,
      options.distributionPercent ?? "0",
      options.depositDefer ?? false,
    ],
  );
  await database.query(
    `INSERT INTO bonus_campaign_currencies (version_guid, currency_guid, max_bonus_sum, max_cashout, free_spins_count, free_spin_bet, bonus_threshold)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [versionGuid, options.currencyGuid, options.maxBonusSum ?? "0", options.maxCashout ?? "0", options.spins ?? 0, options.spinBet ?? "0", options.threshold ?? "0"],
  );
  await database.query("UPDATE bonus_campaigns SET current_version_guid = $2 WHERE bonus_guid = $1", [bonusGuid, versionGuid]);
  return { bonusGuid, versionGuid };
}

/** One pass of the engine's sweeper, as its timer runs it. */
export async function sweep(db: Db): Promise<Record<string, number>> {
  return runBonusSweep(db);
}

/**
 * Makes the wallet look idle for longer than the sweeper's quiet time (BONUS_QUIET_SECONDS), so the
 * tasks that wait for open rounds (free spins settled, lost, late bonus money) may act.
 */
export async function ageWallet(database: Pick<DatabaseHandle, "query">, walletGuid: string): Promise<void> {
  await database.query("UPDATE wallets SET updated_at = now() - interval '1 hour' WHERE guid = $1", [walletGuid]);
}
