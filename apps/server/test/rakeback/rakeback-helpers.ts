import { randomUUID } from "node:crypto";
import type { TestContext } from "../helpers/build-test-app.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";
import { runRakebackAccrual } from "../../src/modules/rakeback/run-rakeback-accrual.ts";
import { deposit, houseGame, openWallet, providerCall, type Seat } from "../wallet/wallet-helpers.ts";

export type RakebackPlayer = { id: string; token: string; walletGuid: string; slots: Seat; live: Seat };

const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: "silent" } as never;

/** A currency of the caller's own (a copy of USD), so no demo campaign or other test's wallet shares it. */
export async function newCurrency(t: TestContext): Promise<{ code: string; guid: string }> {
  const code = `R${randomUUID().slice(0, 6).toUpperCase()}`;
  const rows = await t.database.query<{ guid: string }>(
    `INSERT INTO currencies
     SELECT (jsonb_populate_record(null::currencies,
               to_jsonb(c) || jsonb_build_object('guid', gen_random_uuid(), 'code', $1::text, 'external_guid', $1::text,
                                                 'name', $1::text, 'is_default', false))).*
       FROM currencies c WHERE c.code = 'USD'
     RETURNING guid`,
    [code],
  );
  return { code, guid: rows[0]!.guid };
}

/** An active rakeback campaign with terms in one currency, straight in the database. */
export async function rakebackCampaign(
  t: TestContext,
  o: { currencyGuid: string; slots?: string; live?: string; payout?: "cash" | "bonus"; wager?: string; segmentGuids?: string[]; status?: string },
): Promise<{ bonusGuid: string; versionGuid: string }> {
  const bonusGuid = randomUUID();
  const versionGuid = randomUUID();
  await t.database.query("INSERT INTO bonus_campaigns (bonus_guid, status) VALUES ($1, $2)", [bonusGuid, o.status ?? "active"]);
  await t.database.query(
    `INSERT INTO bonus_campaign_versions (guid, bonus_guid, version, bonus_name, bonus_trigger, bonus_type, bonus_wager,
       wagering_expiration_time, activation_expiration_time, is_cumulative, rakeback_slots_percent, rakeback_live_percent,
       rakeback_payout, segment_guids)
     VALUES ($1, $2, 1, $3, 'scheduled', 'rakeback', $4, 86400, 86400, true, $5, $6, $7, $8::uuid[])`,
    [
      versionGuid,
      bonusGuid,
      `Rakeback ${bonusGuid.slice(0, 8)}`,
      o.wager ?? "0",
      o.slots ?? "1",
      o.live ?? "0.5",
      o.payout ?? "cash",
      `{${(o.segmentGuids ?? []).join(",")}}`,
    ],
  );
  await t.database.query("INSERT INTO bonus_campaign_currencies (version_guid, currency_guid) VALUES ($1, $2)", [versionGuid, o.currencyGuid]);
  await t.database.query("UPDATE bonus_campaigns SET current_version_guid = $2 WHERE bonus_guid = $1", [bonusGuid, versionGuid]);
  return { bonusGuid, versionGuid };
}

/** A signed-up player with a funded wallet in `code`, seated at a house slot and a house live table. */
export async function rakebackPlayer(t: TestContext, code: string, cash = "1000"): Promise<RakebackPlayer> {
  const session = await signUp(t.app, `rakeback-${randomUUID()}@example.com`);
  const wallet = await openWallet(t.database, session.profile.id, code, true);
  await deposit(t.database, wallet.guid, cash);
  const seat = async (live: boolean): Promise<Seat> => {
    const game = await houseGame(t.database, live);
    const issued = await issueGameSession(t.database.db, {
      playerGuid: session.profile.id,
      walletGuid: wallet.guid,
      providerCode: "house",
      gameCode: game.code,
      gameGuid: game.guid,
    });
    return { playerGuid: session.profile.id, walletGuid: wallet.guid, token: issued.token, gameCode: game.code, currency: code };
  };
  return { id: session.profile.id, token: session.access_token, walletGuid: wallet.guid, slots: await seat(false), live: await seat(true) };
}

/** A provider call that must succeed. */
export async function play(t: TestContext, method: "bet" | "win" | "rollback", body: Record<string, unknown>): Promise<void> {
  const answer = await providerCall(t.app, method, body);
  if (answer.status !== "OK") throw new Error(`${method} → ${JSON.stringify(answer)}`);
}

/**
 * Runs the accrual until it has caught up. The scan reads only rows older than its safety lag (1 s),
 * so it first waits that long: the rows just written become visible to it.
 */
export async function accrueAll(t: TestContext): Promise<Record<string, number>> {
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const total: Record<string, number> = {};
  for (let i = 0; i < 20; i += 1) {
    const report = await runRakebackAccrual(t.database.db, silent);
    for (const [k, n] of Object.entries(report)) total[k] = (total[k] ?? 0) + n;
    if (!report.scanned) break;
  }
  return total;
}

export async function balanceRow(t: TestContext, walletGuid: string) {
  const [row] = await t.database.query<{ accrued: string; claimed: string }>(
    "SELECT trim_scale(accrued)::text AS accrued, trim_scale(claimed)::text AS claimed FROM rakeback_balances WHERE wallet_guid = $1",
    [walletGuid],
  );
  return row ?? null;
}

export const api = (t: TestContext, method: "GET" | "POST", url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...bearer(token), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
