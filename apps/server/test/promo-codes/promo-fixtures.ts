import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "@croupier/db/create-database";

type Database = Pick<DatabaseHandle, "query">;

export type PromoCampaignOptions = {
  currencyGuid: string;
  type?: "deposit_match" | "fixed_amount" | "free_spins";
  status?: "draft" | "active" | "paused" | "ended";
  amount?: string;
  bonusPercent?: string;
  minDeposit?: string;
  wager?: string;
  isCumulative?: boolean;
  autoActivation?: boolean;
  spins?: number;
};

/** A campaign with trigger promo_code, one version and terms in one currency, straight in SQL. */
export async function promoCampaign(database: Database, o: PromoCampaignOptions): Promise<{ bonusGuid: string; versionGuid: string; name: string }> {
  const bonusGuid = randomUUID();
  const versionGuid = randomUUID();
  const name = `Promo ${o.type ?? "fixed_amount"} ${bonusGuid.slice(0, 8)}`;
  await database.query("INSERT INTO bonus_campaigns (bonus_guid, status) VALUES ($1, $2)", [bonusGuid, o.status ?? "active"]);
  await database.query(
    `INSERT INTO bonus_campaign_versions (guid, bonus_guid, version, bonus_name, bonus_trigger, bonus_type, bonus_percent, bonus_wager,
       wagering_expiration_time, activation_expiration_time, auto_activation, is_cumulative)
     VALUES ($1, $2, 1, $3, 'promo_code', $4, $5, $6, 86400, 86400, $7, $8)`,
    [versionGuid, bonusGuid, name, o.type ?? "fixed_amount", o.bonusPercent ?? "0", o.wager ?? "1", o.autoActivation ?? true, o.isCumulative ?? false],
  );
  await database.query(
    `INSERT INTO bonus_campaign_currencies (version_guid, currency_guid, min_deposit_sum, max_bonus_sum, free_spins_count, free_spin_bet)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [versionGuid, o.currencyGuid, o.minDeposit ?? "0", o.amount ?? "10", o.spins ?? 0, o.spins ? "0.2" : "0"],
  );
  await database.query("UPDATE bonus_campaigns SET current_version_guid = $2 WHERE bonus_guid = $1", [bonusGuid, versionGuid]);
  return { bonusGuid, versionGuid, name };
}

export type PromoCodeOptions = {
  bonusGuid: string;
  code?: string;
  multipleUse?: boolean;
  multipleUseCount?: number;
  email?: string | null;
  countryCodes?: string[];
  segmentGuids?: string[];
  startDate?: string | null;
  endDate?: string | null;
  status?: "active" | "disabled";
};

/** A promo code of a campaign; the code defaults to a random upper-case one. */
export async function promoCodeRow(database: Database, o: PromoCodeOptions): Promise<{ guid: string; code: string }> {
  const code = o.code ?? `T${randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`;
  const [row] = await database.query<{ guid: string }>(
    `INSERT INTO promo_codes (bonus_guid, code, name, conditions, email, start_date, end_date, multiple_use, multiple_use_count,
       segment_guids, country_codes, status)
     VALUES ($1, $2, $3, 'Test conditions', $4, $5, $6, $7, $8, $9::uuid[], $10::varchar[], $11) RETURNING guid`,
    [
      o.bonusGuid,
      code,
      `Code ${code}`,
      o.email ?? null,
      o.startDate ?? null,
      o.endDate ?? null,
      o.multipleUse ?? false,
      o.multipleUseCount ?? 0,
      `{${(o.segmentGuids ?? []).join(",")}}`,
      `{${(o.countryCodes ?? []).join(",")}}`,
      o.status ?? "active",
    ],
  );
  return { guid: row!.guid, code };
}
