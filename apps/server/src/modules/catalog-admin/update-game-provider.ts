import { sql } from "drizzle-orm";
import type { AdminGameProvider, UpdateGameProviderBody } from "@croupier/contract/backoffice/catalog-admin";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import type { SqlExecutor } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { listGameProviders } from "./list-game-providers.ts";

async function providerOf(tx: SqlExecutor, code: string): Promise<AdminGameProvider | undefined> {
  return (await listGameProviders(tx)).find((p) => p.code === code);
}

/**
 * PATCH /catalog/game-providers/:code: switching a game provider off disables each of its games
 * that is not disabled already and keeps the status it had (games.status_before_provider_off);
 * switching it on restores those statuses. One statement each, in one transaction with the audit
 * entry; the catalogue version is bumped by migration 0007's trigger, so the lobby, launch and the
 * provider wallet (which takes bets only on active games) follow at once.
 */
export async function updateGameProvider(
  db: Db,
  actor: AuditActor,
  code: string,
  body: UpdateGameProviderBody,
): Promise<AdminGameProvider> {
  return db.transaction(async (tx) => {
    // Every game of the provider, locked in one order, so a concurrent switch waits instead of interleaving.
    await tx.execute(sql`SELECT 1 FROM games WHERE game_provider = ${code} ORDER BY guid FOR UPDATE`);
    const before = await providerOf(tx, code);
    if (!before) throw notFound("No game of this game provider is in the catalogue.");
    if (body.enabled)
      await tx.execute(
        sql`UPDATE games SET game_status = status_before_provider_off, status_before_provider_off = NULL, updated_at = now()
             WHERE game_provider = ${code} AND status_before_provider_off IS NOT NULL`,
      );
    else
      await tx.execute(
        sql`UPDATE games SET status_before_provider_off = game_status, game_status = 'disabled', updated_at = now()
             WHERE game_provider = ${code} AND game_status <> 'disabled'`,
      );
    const after = (await providerOf(tx, code))!;
    const state = (p: AdminGameProvider) => ({ enabled: p.enabled, active_games: p.active_games });
    await recordAudit(tx, actor, {
      action: "catalog.game_provider_update",
      targetType: "game_provider",
      targetId: code,
      before: state(before),
      after: state(after),
    });
    return after;
  });
}
