import { sql } from "drizzle-orm";
import type { ManualGrantInput, ManualGrantResult } from "@croupier/contract/backoffice/bonuses";
import type { Db } from "@croupier/db/create-database";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { grantBonus } from "../bonuses/engine/grant-bonus.ts";
import { assertPlayerExists } from "../player-admin/assert-player-exists.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { selectPlayerBonuses } from "./player-bonus-sql.ts";

const validation = (field: string, message: string) =>
  new AppError("VALIDATION_ERROR", `${field}: ${message}`, { fields: [{ field: `body.${field}`, message }] });

/**
 * A staff grant of a campaign's current version to one player, through the engine's grantBonus in
 * one transaction with its audit row. source_key `manual:{idempotency_key}` makes it exactly once:
 * a double click or a retry answers the customer bonus the first request granted.
 */
export async function grantManualBonus(
  db: Db,
  actor: AuditActor,
  playerGuid: string,
  input: ManualGrantInput,
): Promise<ManualGrantResult> {
  await assertPlayerExists(db, playerGuid);
  return db.transaction(async (tx) => {
    const [campaign] = await queryRows<{ status: string; version_guid: string; bonus_type: string }>(
      tx,
      sql`SELECT c.status, c.current_version_guid AS version_guid, v.bonus_type
            FROM bonus_campaigns c JOIN bonus_campaign_versions v ON v.guid = c.current_version_guid
           WHERE c.bonus_guid = ${input.bonus_guid}::uuid`,
    );
    if (!campaign) throw notFound("No bonus campaign with this id.");
    const [currency] = await queryRows<{ guid: string; decimals: number }>(
      tx,
      sql`SELECT guid, decimals FROM currencies WHERE code = ${input.currency.toUpperCase()}`,
    );
    if (!currency) throw validation("currency", `no currency ${input.currency} exists`);
    // Rakeback is accrued from play and claimed by the player (the rakeback module grants it).
    if (campaign.bonus_type === "rakeback")
      throw validation("bonus_guid", "a rakeback is accrued from play and claimed by the player, not granted by hand");
    if (campaign.bonus_type === "free_spins" && input.amount !== undefined)
      throw validation("amount", "a free-spins bonus has no amount; its spins come from the campaign's terms");
    if (campaign.bonus_type === "deposit_match" && input.amount === undefined)
      throw validation("amount", "a deposit match needs the deposit amount it matches");
    if (campaign.bonus_type === "cashback" && input.amount === undefined)
      throw validation("amount", "a cashback grant needs its amount");

    const sourceKey = `manual:${input.idempotency_key}`;
    const result = await grantBonus(tx, {
      versionGuid: campaign.version_guid,
      playerGuid,
      currencyGuid: currency.guid,
      trigger: "manual",
      sourceKey,
      ...(campaign.bonus_type === "deposit_match"
        ? { depositAmount: input.amount }
        : input.amount !== undefined
          ? { amount: input.amount }
          : {}),
      grantedBy: actor.staffId ?? undefined,
      comment: input.comment,
    });
    if (result.status === "ineligible")
      throw new AppError("CONFLICT", `This bonus cannot be granted: ${result.reason}.`);
    const [row] = await selectPlayerBonuses(tx, playerGuid, { guid: result.customerBonusGuid, limit: 1, offset: 0 });
    // The key was used for another player's grant: never answer (or re-grant) someone else's bonus.
    if (!row)
      throw new AppError("CONFLICT", "This request key was already used for another grant; retry with a new one.");
    if (result.status === "granted")
      await recordAudit(tx, actor, {
        action: "bonus.grant",
        playerId: playerGuid,
        targetType: "customer_bonus",
        targetId: result.customerBonusGuid,
        after: {
          bonus_guid: input.bonus_guid,
          version_guid: campaign.version_guid,
          currency: currency.guid,
          amount: input.amount ?? null,
        },
        details: { comment: input.comment, idempotency_key: input.idempotency_key },
      });
    return { status: result.status, customer_bonus: row };
  });
}
