import { randomUUID } from "node:crypto";
import type { TestContext } from "../helpers/build-test-app.ts";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";
import { getOrCreateWallet } from "../../src/modules/wallet/get-or-create-wallet.ts";
import { runCashbackJob } from "../../src/modules/cashback/run-cashback-job.ts";
import { engineCampaign, type EngineCampaign } from "../bonuses/engine-helpers.ts";
import { bet, createPlayer, deposit, houseGame, providerCall, rollback, win, type Seat } from "../wallet/wallet-helpers.ts";

/** A currency of the test's own (a copy of USD: 2 decimals): only its players' play is in its runs. */
export async function newCurrency(t: TestContext): Promise<{ code: string; guid: string }> {
  const code = `C${randomUUID().slice(0, 6).toUpperCase()}`;
  const rows = await t.database.query<{ guid: string }>(
    `INSERT INTO currencies
     SELECT (jsonb_populate_record(null::currencies,
               to_jsonb(c) || jsonb_build_object('guid', gen_random_uuid(), 'code', $1::text, 'external_guid', $1::text,
                                                 'name', $1::text, 'is_default', false,
                                                 -- Stakes of the tests stay under every bet limit.
                                                 'max_bet_slot_real', 100000, 'max_bet_live_real', 100000,
                                                 'max_bet_slot_bonus', 100000, 'max_bet_live_bonus', 100000))).*
       FROM currencies c WHERE c.code = 'USD'
     RETURNING guid`,
    [code],
  );
  return { code, guid: rows[0]!.guid };
}

export type CashbackOptions = {
  percent?: string;
  cap?: string;
  wager?: string;
  period?: "daily" | "weekly";
  startDate?: string | null;
  autoActivation?: boolean;
  isCumulative?: boolean;
};

/** An active cashback campaign (trigger scheduled) with terms in one currency. */
export async function cashbackCampaign(t: TestContext, currencyGuid: string, o: CashbackOptions = {}): Promise<EngineCampaign> {
  const campaign = await engineCampaign(t.database, {
    currencyGuid,
    type: "cashback",
    trigger: "scheduled",
    wager: o.wager ?? "0",
    autoActivation: o.autoActivation ?? true,
    isCumulative: o.isCumulative ?? true,
    maxBonusSum: o.cap ?? "0",
    startDate: o.startDate ?? null,
  });
  await t.database.query("UPDATE bonus_campaign_currencies SET cashback_percent = $2 WHERE version_guid = $1", [
    campaign.versionGuid,
    o.percent ?? "10",
  ]);
  await t.database.query("UPDATE bonus_campaign_versions SET cashback_period = $2 WHERE guid = $1", [
    campaign.versionGuid,
    o.period ?? "weekly",
  ]);
  return campaign;
}

/** A player (or the given one) with a funded wallet in the currency, seated at a house slot. */
export async function seat(
  t: TestContext,
  code: string,
  options: { cash?: string; bonus?: string; playerGuid?: string } = {},
): Promise<Seat> {
  const playerGuid = options.playerGuid ?? (await createPlayer(t.database));
  const [currency] = await t.database.query<{ guid: string }>("SELECT guid FROM currencies WHERE code = $1", [code]);
  const wallet = await getOrCreateWallet(t.database.db, { playerGuid, currencyGuid: currency!.guid, setActive: false });
  if (options.cash) await deposit(t.database, wallet!.guid, options.cash);
  if (options.bonus) await deposit(t.database, wallet!.guid, options.bonus, "bonus_balance");
  const game = await houseGame(t.database);
  const session = await issueGameSession(t.database.db, {
    playerGuid,
    walletGuid: wallet!.guid,
    providerCode: "house",
    gameCode: game.code,
    gameGuid: game.guid,
  });
  return { playerGuid, walletGuid: wallet!.guid, token: session.token, gameCode: game.code, currency: code };
}

/** One round through the provider wallet protocol: a bet, then a win (if any) or a rollback. */
export async function playRound(t: TestContext, s: Seat, stake: string, outcome: { win?: string; rollback?: boolean } = {}): Promise<void> {
  const b = bet(s, stake);
  const placed = await providerCall(t.app, "bet", b);
  if (placed.status !== "OK") throw new Error(`bet refused: ${JSON.stringify(placed)}`);
  if (outcome.rollback) {
    const refunded = await providerCall(t.app, "rollback", rollback(s, b));
    if (refunded.status !== "OK") throw new Error(`rollback refused: ${JSON.stringify(refunded)}`);
    return;
  }
  const won = await providerCall(t.app, "win", win(s, b, outcome.win ?? "0", { round_closed: true }));
  if (won.status !== "OK") throw new Error(`win refused: ${JSON.stringify(won)}`);
}

export async function job(t: TestContext): Promise<Record<string, number>> {
  return runCashbackJob(t.database.db, t.app.log);
}

/** The period's end must be more than the safety lag (1 s) ago before it is counted. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 1_150));

export type RunRow = { guid: string; period_start: string; period_end: string; status: string; closed_by: string };

export async function runsOf(t: TestContext, campaign: EngineCampaign): Promise<RunRow[]> {
  return t.database.query<RunRow>(
    `SELECT guid, period_start::text AS period_start, period_end::text AS period_end, status, closed_by
       FROM cashback_runs WHERE bonus_guid = $1 ORDER BY period_start`,
    [campaign.bonusGuid],
  );
}

export type PayoutRow = {
  wallet_guid: string;
  staked: string;
  returned: string;
  amount: string | null;
  status: string;
  reason: string | null;
  customer_bonus_guid: string | null;
};

export async function payoutsOf(t: TestContext, runGuid: string): Promise<Map<string, PayoutRow>> {
  const rows = await t.database.query<PayoutRow>(
    `SELECT wallet_guid, trim_scale(staked)::text AS staked, trim_scale(returned)::text AS returned,
            trim_scale(amount)::text AS amount, status, reason, customer_bonus_guid
       FROM cashback_payouts WHERE run_guid = $1`,
    [runGuid],
  );
  return new Map(rows.map((r) => [r.wallet_guid, r]));
}

/** Cashback customer bonuses of a wallet: amount and status. */
export async function cashbackBonusesOf(t: TestContext, walletGuid: string): Promise<{ amount: string; status: string; source_key: string }[]> {
  return t.database.query(
    `SELECT trim_scale(bonus_amount)::text AS amount, status, source_key FROM customer_bonuses
      WHERE wallet_guid = $1 AND bonus_type = 'cashback' ORDER BY created_at`,
    [walletGuid],
  );
}
