import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { pino } from "pino";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../../lib/sql-executor.ts";
import { ensureFirstWallet } from "../../wallet/get-or-create-wallet.ts";
import { grantBonus, type GrantBonusResult } from "./grant-bonus.ts";

const REGISTRATION_OFFERS_MAX = 10;

export type RegistrationGrantLog = Pick<FastifyBaseLogger, "error" | "info">;

// Sign-up has no request logger at hand: a failed grant must still leave a trace for support.
let fallbackLog: RegistrationGrantLog | undefined;
const defaultLog = (): RegistrationGrantLog => (fallbackLog ??= pino({ name: "bonus-engine" }));

/**
 * The engine's sign-up hook: grants every active registration campaign offered in the player's
 * first wallet's currency (the wallet is created here if sign-up has not yet). Keyed
 * `registration:{player}:{bonus_guid}`, so a retry grants nothing twice; the welcome rule (one per
 * person) is checked by grantBonus.
 *
 * Never throws: a failed grant (logged with the player and the campaign) never fails the sign-up,
 * and one failed campaign does not keep the player from the others.
 */
export async function grantRegistrationBonuses(db: Db, playerGuid: string, log: RegistrationGrantLog = defaultLog()): Promise<GrantBonusResult[]> {
  try {
    return await grantAll(db, playerGuid, log);
  } catch (error: unknown) {
    log.error({ err: error, player_guid: playerGuid }, "registration bonuses not granted");
    return [];
  }
}

async function grantAll(db: Db, playerGuid: string, log: RegistrationGrantLog): Promise<GrantBonusResult[]> {
  const offers = await queryRows<{ bonus_guid: string }>(
    db,
    sql`SELECT bc.bonus_guid FROM bonus_campaigns bc JOIN bonus_campaign_versions v ON v.guid = bc.current_version_guid
         WHERE bc.status = 'active' AND v.bonus_trigger = 'registration' LIMIT 1`,
  );
  // Most sign-ups meet no registration campaign: no wallet is created for nothing.
  if (!offers[0]) return [];
  const wallet = await ensureFirstWallet(db, playerGuid);
  const versions = await queryRows<{ bonus_guid: string; version_guid: string }>(
    db,
    sql`SELECT bc.bonus_guid, v.guid AS version_guid
          FROM bonus_campaigns bc
          JOIN bonus_campaign_versions v ON v.guid = bc.current_version_guid
          JOIN bonus_campaign_currencies t ON t.version_guid = v.guid AND t.currency_guid = ${wallet.currency_guid}::uuid
         WHERE bc.status = 'active' AND v.bonus_trigger = 'registration'
         ORDER BY v.created_at, bc.bonus_guid LIMIT ${REGISTRATION_OFFERS_MAX}`,
  );
  const results: GrantBonusResult[] = [];
  for (const version of versions) {
    try {
      const result = await db.transaction((tx) =>
        grantBonus(tx, {
          versionGuid: version.version_guid,
          playerGuid,
          currencyGuid: wallet.currency_guid,
          trigger: "registration",
          sourceKey: `registration:${playerGuid}:${version.bonus_guid}`,
        }),
      );
      // Refusals are expected (e.g. the welcome bonus already claimed by the same person) but support asks why.
      if (result.status === "ineligible")
        log.info({ player_guid: playerGuid, bonus_guid: version.bonus_guid, reason: result.reason }, "registration bonus not granted");
      results.push(result);
    } catch (error: unknown) {
      log.error({ err: error, player_guid: playerGuid, bonus_guid: version.bonus_guid }, "registration bonus grant failed");
    }
  }
  return results;
}
