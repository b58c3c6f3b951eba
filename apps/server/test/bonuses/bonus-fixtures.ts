import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "@croupier/db/create-database";

/**
 * Bonus rows straight in SQL for tests of the bonus calls (issue #17): campaigns with versions and
 * per-currency terms, labels and customer bonuses, without going through the back office or the
 * engine. Values are the columns' own (amounts as decimal strings, times in seconds).
 */

type Database = Pick<DatabaseHandle, "query">;

/** A PostgreSQL array literal ('{a,b}') for uuid[] parameters: the same on pg and PGlite. */
const uuidArray = (values: readonly string[] = []) => `{${values.join(",")}}`;

export type CampaignCurrencyTerms = {
  currencyGuid: string;
  minDepositSum?: string;
  maxBonusSum?: string;
  maxCashout?: string;
  bonusThreshold?: string;
  freeSpinsCount?: number;
  freeSpinBet?: string;
  cashbackPercent?: string;
};

export type CampaignVersionOptions = {
  name?: string;
  trigger?: "registration" | "deposit" | "promo_code" | "manual" | "scheduled";
  type?: "deposit_match" | "fixed_amount" | "free_spins" | "cashback";
  depositNumber?: number | null;
  bonusPercent?: string;
  bonusWager?: string;
  wageringSeconds?: number;
  activationSeconds?: number;
  distributionPercent?: string;
  autoActivation?: boolean;
  autoActivationSeconds?: number;
  isCumulative?: boolean;
  depositDefer?: boolean;
  product?: "any" | "slots" | "live";
  gameGuids?: string[];
  icon?: string | null;
  backgroundImage?: string | null;
  description?: string;
  terms?: string;
  segmentGuids?: string[];
  labelGuids?: string[];
  /** ISO strings; null = open. */
  startDate?: string | null;
  endDate?: string | null;
  currencies?: CampaignCurrencyTerms[];
};

export type CampaignOptions = CampaignVersionOptions & {
  status?: "draft" | "scheduled" | "active" | "paused" | "ended";
};

/** Inserts a campaign with its first version (current) and that version's currency terms. */
export async function insertCampaign(
  database: Database,
  options: CampaignOptions = {},
): Promise<{ bonusGuid: string; versionGuid: string }> {
  const bonusGuid = randomUUID();
  await database.query("INSERT INTO bonus_campaigns (bonus_guid, status) VALUES ($1, $2)", [
    bonusGuid,
    options.status ?? "active",
  ]);
  const versionGuid = await insertCampaignVersion(database, bonusGuid, options);
  return { bonusGuid, versionGuid };
}

/** Adds the next version of a campaign and makes it the current one. */
export async function insertCampaignVersion(
  database: Database,
  bonusGuid: string,
  options: CampaignVersionOptions = {},
): Promise<string> {
  const versionGuid = randomUUID();
  await database.query(
    `INSERT INTO bonus_campaign_versions (
       guid, bonus_guid, version, bonus_name, bonus_trigger, bonus_type, deposit_number, bonus_percent, bonus_wager,
       wagering_expiration_time, activation_expiration_time, winnings_distribution_percent, auto_activation,
       auto_activation_time, is_cumulative, deposit_defer, product, game_guids, icon, background_image, description,
       terms, segment_guids, label_guids, start_date, end_date)
     VALUES ($1, $2, (SELECT coalesce(max(version), 0) + 1 FROM bonus_campaign_versions WHERE bonus_guid = $2), $3, $4, $5, $6,
             $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::uuid[], $18, $19, $20, $21, $22::uuid[], $23::uuid[], $24, $25)`,
    [
      versionGuid,
      bonusGuid,
      options.name ?? `Bonus ${versionGuid.slice(0, 8)}`,
      options.trigger ?? "deposit",
      options.type ?? "deposit_match",
      options.depositNumber === undefined ? 1 : options.depositNumber,
      options.bonusPercent ?? "100",
      options.bonusWager ?? "10",
      options.wageringSeconds ?? 7 * 86_400,
      options.activationSeconds ?? 3 * 86_400,
      options.distributionPercent ?? "0",
      options.autoActivation ?? false,
      options.autoActivationSeconds ?? 0,
      options.isCumulative ?? false,
      options.depositDefer ?? false,
      options.product ?? "any",
      uuidArray(options.gameGuids),
      options.icon ?? null,
      options.backgroundImage ?? null,
      options.description ?? "",
      options.terms ?? "",
      uuidArray(options.segmentGuids),
      uuidArray(options.labelGuids),
      options.startDate ?? null,
      options.endDate ?? null,
    ],
  );
  for (const terms of options.currencies ?? []) {
    await database.query(
      `INSERT INTO bonus_campaign_currencies (version_guid, currency_guid, min_deposit_sum, max_bonus_sum, max_cashout,
         bonus_threshold, free_spins_count, free_spin_bet, cashback_percent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        versionGuid,
        terms.currencyGuid,
        terms.minDepositSum ?? "0",
        terms.maxBonusSum ?? "0",
        terms.maxCashout ?? "0",
        terms.bonusThreshold ?? "0",
        terms.freeSpinsCount ?? 0,
        terms.freeSpinBet ?? "0",
        terms.cashbackPercent ?? "0",
      ],
    );
  }
  await database.query("UPDATE bonus_campaigns SET current_version_guid = $2 WHERE bonus_guid = $1", [
    bonusGuid,
    versionGuid,
  ]);
  return versionGuid;
}

export async function insertLabel(
  database: Database,
  options: {
    name?: string;
    icon?: string | null;
    backgroundColor?: string | null;
    styles?: Record<string, string>;
  } = {},
): Promise<string> {
  const rows = await database.query<{ guid: string }>(
    "INSERT INTO bonus_labels (name, icon, background_color, styles) VALUES ($1, $2, $3, $4::jsonb) RETURNING guid",
    [
      options.name ?? `Label ${randomUUID().slice(0, 8)}`,
      options.icon ?? null,
      options.backgroundColor ?? null,
      JSON.stringify(options.styles ?? {}),
    ],
  );
  return rows[0]!.guid;
}

export type CustomerBonusOptions = {
  playerGuid: string;
  walletGuid: string;
  bonusGuid: string;
  versionGuid: string;
  status?: "offered" | "active" | "completed" | "expired" | "cancelled" | "lost";
  trigger?: "registration" | "deposit" | "promo_code" | "manual" | "scheduled";
  type?: "deposit_match" | "fixed_amount" | "free_spins" | "cashback";
  sourceKey?: string;
  wagerAmount?: string;
  bonusAmount?: string;
  maxCashout?: string;
  freeSpinCount?: number;
  freeSpinAmount?: string;
  wageringSeconds?: number;
  convertedAmount?: string | null;
  forfeitedAmount?: string | null;
  /** Offset from now of created_at, in seconds (negative = in the past); orders lists. */
  createdOffsetSeconds?: number;
  /**
   * Active bonuses only: also point the wallet at it with this wager left and bonus balance
   * (set straight on the wallet row: the money itself is not the subject of these tests).
   */
  wallet?: { wager: string; bonusBalance?: string; freeSpinCount?: number };
};

/** Inserts a customer bonus (currency from the wallet). */
export async function insertCustomerBonus(database: Database, options: CustomerBonusOptions): Promise<string> {
  const status = options.status ?? "offered";
  const rows = await database.query<{ guid: string }>(
    `INSERT INTO customer_bonuses (customer_guid, wallet_guid, currency_guid, bonus_guid, bonus_version_guid, bonus_trigger,
       bonus_type, status, source_key, wager_amount, bonus_amount, wagering_expiration_time, wagering_expiration_date,
       activation_expiration_date, max_cashout, free_spin_count, free_spin_amount, converted_amount, forfeited_amount,
       activated_at, finished_at, created_at, updated_at)
     SELECT $1, w.guid, w.currency_guid, $3, $4, $5, $6, $7::text, $8, $9, $10, $11,
            CASE WHEN $7::text = 'active' THEN now() + make_interval(secs => $11::int) END,
            CASE WHEN $7::text = 'offered' THEN now() + interval '3 days' END,
            $12, $13, $14, $15, $16,
            CASE WHEN $7::text <> 'offered' THEN now() END,
            CASE WHEN $7::text NOT IN ('offered', 'active') THEN now() END,
            now() + make_interval(secs => $17::int), now() + make_interval(secs => $17::int)
       FROM wallets w WHERE w.guid = $2
     RETURNING guid`,
    [
      options.playerGuid,
      options.walletGuid,
      options.bonusGuid,
      options.versionGuid,
      options.trigger ?? "deposit",
      options.type ?? "deposit_match",
      status,
      options.sourceKey ?? `test:${randomUUID()}`,
      options.wagerAmount ?? "0",
      options.bonusAmount ?? "0",
      options.wageringSeconds ?? 7 * 86_400,
      options.maxCashout ?? "0",
      options.freeSpinCount ?? 0,
      options.freeSpinAmount ?? "0",
      options.convertedAmount ?? null,
      options.forfeitedAmount ?? null,
      options.createdOffsetSeconds ?? 0,
    ],
  );
  const guid = rows[0]!.guid;
  if (options.wallet) {
    await database.query(
      `UPDATE wallets SET customer_bonus_guid = $2, wager = $3, bonus_balance = $4, free_spin_count = $5,
              customer_bonus_expire_date = now() + interval '7 days'
        WHERE guid = $1`,
      [
        options.walletGuid,
        guid,
        options.wallet.wager,
        options.wallet.bonusBalance ?? "0",
        options.wallet.freeSpinCount ?? 0,
      ],
    );
  }
  return guid;
}

/** A successful deposit row (no money moved), so the player's deposit count goes up by one. */
export async function insertSuccessfulDeposit(database: Database, walletGuid: string, amount = "10"): Promise<string> {
  const rows = await database.query<{ guid: string }>(
    `INSERT INTO payments (customer_guid, wallet_guid, currency_guid, payment_system_guid, transaction_type, status, amount, number)
     SELECT w.customer_guid, w.guid, w.currency_guid, (SELECT guid FROM payment_systems ORDER BY created_at LIMIT 1),
            'deposit', 'successful', $2,
            (SELECT count(*) + 1 FROM payments p WHERE p.customer_guid = w.customer_guid AND p.transaction_type = 'deposit' AND p.status = 'successful')
       FROM wallets w WHERE w.guid = $1
     RETURNING guid`,
    [walletGuid, amount],
  );
  return rows[0]!.guid;
}
