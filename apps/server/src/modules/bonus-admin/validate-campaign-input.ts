import { sql } from "drizzle-orm";
import type { CampaignInput } from "@croupier/contract/backoffice/bonuses";
import type { FieldError } from "@croupier/contract/envelope";
import type { JurisdictionProfile } from "@croupier/contract/jurisdiction";
import { fractionDigits, isZeroAmount } from "@croupier/contract/money";
import { AppError } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/** A currency's terms with the currency resolved and the threshold defaulted to the currency's own. */
export type ResolvedCurrencyTerms = {
  currencyGuid: string;
  code: string;
  min_deposit_sum: string;
  max_bonus_sum: string;
  max_cashout: string;
  bonus_threshold: string;
  free_spins_count: number;
  free_spin_bet: string;
  cashback_percent: string;
};

// sql.param: a bare array in a template would become a parenthesised list, not one array value.
const UK_RULE = "LCCP SR 5.1.1";

/**
 * Every cross-field and cross-table rule of a campaign version the zod schema cannot see:
 * trigger/type combinations, per-currency terms of existing currencies in their decimals, free-spin
 * games that allow free spins, labels and segments that exist, and the jurisdiction profile's bonus
 * rules (gb: wagering at most 10×, a single product, full terms). All issues come back at once as a
 * 400 VALIDATION_ERROR naming each field, so the console can mark every one.
 */
export async function validateCampaignInput(
  executor: SqlExecutor,
  input: CampaignInput,
  jurisdiction: JurisdictionProfile,
): Promise<ResolvedCurrencyTerms[]> {
  const fields: FieldError[] = [];
  const fail = (field: string, message: string) => fields.push({ field: `body.${field}`, message });

  if (input.bonus_trigger !== "deposit" && input.deposit_number !== null)
    fail("deposit_number", "only a deposit-triggered bonus has a deposit number; send null");
  if (input.bonus_type === "deposit_match") {
    if (isZeroAmount(input.bonus_percent)) fail("bonus_percent", "a deposit match needs a percentage above 0");
    if (input.bonus_trigger !== "deposit" && input.bonus_trigger !== "manual" && input.bonus_trigger !== "promo_code")
      fail("bonus_trigger", "a deposit match needs a deposit: trigger deposit, promo_code or manual");
  } else if (!isZeroAmount(input.bonus_percent)) {
    fail("bonus_percent", "only a deposit match has a percentage; send 0");
  }
  checkTypeRules(input, fail);
  if (input.bonus_type !== "free_spins" && input.game_guids.length > 0)
    fail("game_guids", "only a free-spins bonus names games");
  if (input.auto_activation && input.auto_activation_time >= input.activation_expiration_time)
    fail("auto_activation_time", "must be shorter than the activation window");
  if (input.start_date && input.end_date && Date.parse(input.end_date) <= Date.parse(input.start_date))
    fail("end_date", "must be after start_date");
  if (input.end_date && Date.parse(input.end_date) <= Date.now()) fail("end_date", "must be in the future");

  // The jurisdiction profile (JURISDICTION): what the UK Gambling Commission forbids is refused here.
  const maxWager = jurisdiction.max_bonus_wagering_multiplier;
  if (maxWager !== null && Number(input.bonus_wager) > maxWager)
    fail("bonus_wager", `${jurisdiction.name}: bonus wagering may be at most ${maxWager}× the bonus (${UK_RULE})`);
  if (jurisdiction.code === "gb") {
    if (input.product === "any")
      fail("product", `${jurisdiction.name}: a bonus applies to a single product, slots or live, not any (${UK_RULE})`);
    if (input.terms.trim() === "")
      fail("terms", `${jurisdiction.name}: the full terms must be shown before activation (${UK_RULE})`);
  }

  const resolved = await resolveCurrencies(executor, input, fail);
  await checkGames(executor, input, fail);
  await checkReferences(executor, input, fail);

  if (fields.length > 0)
    throw new AppError("VALIDATION_ERROR", fields.map((f) => `${f.field.slice(5)}: ${f.message}`).join("; "), {
      fields,
    });
  return resolved;
}

type Fail = (field: string, message: string) => void;

/**
 * The type/trigger matrix of issue #18 (ADR 038) and the fields each new type owns. Cashback and
 * rakeback pay the same player again and again (one payment per period or claim), so they must be
 * cumulative: grantBonus refuses a second grant of a non-cumulative campaign.
 */
function checkTypeRules(input: CampaignInput, fail: Fail) {
  const type = input.bonus_type;
  if (input.bonus_trigger === "promo_code" && !PROMO_CODE_TYPES.includes(type))
    fail("bonus_type", "a promo code grants a fixed amount, free spins or a deposit match");
  const trigger = REQUIRED_TRIGGER[type];
  if (trigger && input.bonus_trigger !== trigger) fail("bonus_trigger", TRIGGER_MESSAGE[type]!);
  if ((type === "cashback" || type === "rakeback") && !input.is_cumulative)
    fail("is_cumulative", `a ${type} campaign pays the same player repeatedly; it must be cumulative`);

  if (type === "rakeback") {
    if (isZeroAmount(input.rakeback_slots_percent) && isZeroAmount(input.rakeback_live_percent))
      fail("rakeback_slots_percent", "a rakeback needs a slots or live rate above 0");
    if (input.rakeback_payout === "cash" && !isZeroAmount(input.bonus_wager))
      fail("bonus_wager", "a rakeback paid as cash has no wagering; send 0 or pay it as a bonus");
  } else {
    if (!isZeroAmount(input.rakeback_slots_percent))
      fail("rakeback_slots_percent", "only a rakeback has rates; send 0");
    if (!isZeroAmount(input.rakeback_live_percent)) fail("rakeback_live_percent", "only a rakeback has rates; send 0");
  }
  if (type === "coin") {
    if (isZeroAmount(input.coin_price)) fail("coin_price", "a coin bonus needs a price above 0 coins");
  } else if (!isZeroAmount(input.coin_price)) {
    fail("coin_price", "only a coin bonus has a coin price; send 0");
  }
}

const PROMO_CODE_TYPES: readonly CampaignInput["bonus_type"][] = ["fixed_amount", "free_spins", "deposit_match"];
/** Types bound to one trigger; the others (deposit_match has its own rule) take several. */
const REQUIRED_TRIGGER: Partial<Record<CampaignInput["bonus_type"], CampaignInput["bonus_trigger"]>> = {
  cashback: "scheduled",
  rakeback: "scheduled",
  coin: "manual",
};
const TRIGGER_MESSAGE: Partial<Record<CampaignInput["bonus_type"], string>> = {
  cashback: "a cashback is paid by the cashback job each period: trigger scheduled",
  rakeback: "a rakeback accrues from play and is claimed by the player: trigger scheduled",
  coin: "a coin bonus is bought in the coin shop (or granted by staff): trigger manual",
};

async function resolveCurrencies(executor: SqlExecutor, input: CampaignInput, fail: Fail) {
  const codes = input.currencies.map((c) => c.currency.toUpperCase());
  const known = await queryRows<{ guid: string; code: string; decimals: number; bonus_threshold: string }>(
    executor,
    sql`SELECT guid, code, decimals, trim_scale(bonus_threshold)::text AS bonus_threshold
          FROM currencies WHERE code = ANY(${sql.param(codes)}::text[])`,
  );
  const byCode = new Map(known.map((c) => [c.code, c]));
  const resolved: ResolvedCurrencyTerms[] = [];
  input.currencies.forEach((terms, index) => {
    const at = (key: string) => `currencies.${index}.${key}`;
    const currency = byCode.get(terms.currency.toUpperCase());
    if (!currency) {
      fail(at("currency"), `no currency ${terms.currency} exists`);
      return;
    }
    const amounts = {
      min_deposit_sum: terms.min_deposit_sum,
      max_bonus_sum: terms.max_bonus_sum,
      max_cashout: terms.max_cashout,
      bonus_threshold: terms.bonus_threshold ?? currency.bonus_threshold,
      free_spin_bet: terms.free_spin_bet,
    };
    for (const [key, value] of Object.entries(amounts))
      if (fractionDigits(value) > currency.decimals)
        fail(at(key), `${currency.code} has ${currency.decimals} decimals; ${value} has more`);
    if (
      (input.bonus_type === "deposit_match" || input.bonus_type === "fixed_amount") &&
      isZeroAmount(terms.max_bonus_sum)
    )
      fail(
        at("max_bonus_sum"),
        input.bonus_type === "deposit_match" ? "the match needs a cap above 0" : "the amount granted must be above 0",
      );
    if (input.bonus_type === "free_spins") {
      if (terms.free_spins_count <= 0) fail(at("free_spins_count"), "a free-spins bonus needs at least 1 spin");
      if (isZeroAmount(terms.free_spin_bet)) fail(at("free_spin_bet"), "a free spin needs a bet above 0");
    } else if (terms.free_spins_count > 0) {
      fail(at("free_spins_count"), "only a free-spins bonus has spins; send 0");
    }
    if (input.bonus_type === "cashback" && isZeroAmount(terms.cashback_percent))
      fail(at("cashback_percent"), "a cashback needs a percentage above 0");
    if (input.bonus_type === "coin" && isZeroAmount(terms.max_bonus_sum))
      fail(at("max_bonus_sum"), "a coin bonus needs an amount above 0");
    resolved.push({ currencyGuid: currency.guid, code: currency.code, ...amounts, ...pick(terms) });
  });
  return resolved;
}

const pick = (terms: CampaignInput["currencies"][number]) => ({
  free_spins_count: terms.free_spins_count,
  cashback_percent: terms.cashback_percent,
});

/** Free-spin games must exist, allow free spins and (for a single-product offer) be of that product. */
async function checkGames(executor: SqlExecutor, input: CampaignInput, fail: Fail) {
  if (input.game_guids.length === 0) return;
  const games = await queryRows<{ guid: string; game_name: string; can_freespins: boolean; section: string }>(
    executor,
    sql`SELECT g.guid, g.game_name, g.can_freespins, lower(t.name) AS section
          FROM games g JOIN tags t ON t.guid = g.system_tag_guid
         WHERE g.guid = ANY(${sql.param(input.game_guids)}::uuid[])`,
  );
  const byGuid = new Map(games.map((g) => [g.guid, g]));
  input.game_guids.forEach((guid, index) => {
    const game = byGuid.get(guid);
    if (!game) return fail(`game_guids.${index}`, "no such game");
    if (!game.can_freespins) return fail(`game_guids.${index}`, `${game.game_name} does not support free spins`);
    if (input.product !== "any" && game.section !== input.product)
      fail(`game_guids.${index}`, `${game.game_name} is not a ${input.product} game, the bonus's product`);
  });
}

async function checkReferences(executor: SqlExecutor, input: CampaignInput, fail: Fail) {
  if (input.label_guids.length > 0) {
    const rows = await queryRows<{ guid: string }>(
      executor,
      sql`SELECT guid FROM bonus_labels WHERE guid = ANY(${sql.param(input.label_guids)}::uuid[])`,
    );
    const found = new Set(rows.map((r) => r.guid));
    input.label_guids.forEach((guid, index) => {
      if (!found.has(guid)) fail(`label_guids.${index}`, "no such label");
    });
  }
  if (input.segment_guids.length > 0) {
    const rows = await queryRows<{ guid: string }>(
      executor,
      sql`SELECT guid FROM segments WHERE guid = ANY(${sql.param(input.segment_guids)}::uuid[])`,
    );
    const found = new Set(rows.map((r) => r.guid));
    input.segment_guids.forEach((guid, index) => {
      if (!found.has(guid)) fail(`segment_guids.${index}`, "no such segment");
    });
  }
  if (input.project_tag_guid) {
    const rows = await queryRows<{ guid: string }>(
      executor,
      sql`SELECT guid FROM tags WHERE guid = ${input.project_tag_guid}::uuid`,
    );
    if (rows.length === 0) fail("project_tag_guid", "no such tag");
  }
}
