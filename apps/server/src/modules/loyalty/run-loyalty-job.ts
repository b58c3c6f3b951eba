import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { scanGameTransactions } from "../ledger/scan-game-transactions.ts";
import { accruePlayVolume } from "./accrue-play-volume.ts";
import { applyPlayerLevels } from "./apply-player-levels.ts";
import { loadMiningSettings } from "./load-mining-settings.ts";
import { mineCoins } from "./mine-coins.ts";

/** Game transactions per scan batch, and batches per pass. */
export const LOYALTY_SCAN_BATCH = 1_000;
const LOYALTY_SCAN_BATCHES = 5;
/** Players re-levelled per pass after the levels changed. */
export const RELEVEL_BATCH = 500;

/**
 * Wagered volume and loyalty levels from new stakes, re-levelling after a level edit, and coin
 * mining accruals (issue #18, ADR 036). One bounded pass; returns counts of what it did (empty when
 * nothing). State lives in rows only (the scan cursor, player_loyalty, transfer keys), so any number
 * of processes may run it.
 */
export async function runLoyaltyJob(db: Db, _log: FastifyBaseLogger): Promise<Record<string, number>> {
  const report: Record<string, number> = {};
  const add = (key: string, value: number) => {
    if (value > 0) report[key] = (report[key] ?? 0) + value;
  };
  const settings = await loadMiningSettings(db);

  for (let batch = 0; batch < LOYALTY_SCAN_BATCHES; batch += 1) {
    let levels = 0;
    const scanned = await scanGameTransactions(db, {
      consumer: "loyalty",
      batch: LOYALTY_SCAN_BATCH,
      handle: async (tx, rows) => {
        levels = await accruePlayVolume(tx, rows, {
          activityWindowSeconds: settings.activity_window_seconds,
          miningActiveDays: settings.mining_active_days,
        });
      },
    });
    add("scanned", scanned);
    add("levels_changed", levels);
    if (scanned < LOYALTY_SCAN_BATCH) break;
  }

  // Levels edited since a player's level was computed: re-level a bounded batch.
  const relevelled = await db.transaction(async (tx) => {
    const stale = await queryRows<{ customer_guid: string }>(
      tx,
      sql`SELECT customer_guid FROM player_loyalty WHERE levels_version < ${settings.levels_version}
           ORDER BY customer_guid LIMIT ${RELEVEL_BATCH} FOR UPDATE SKIP LOCKED`,
    );
    add("relevelled", stale.length);
    return applyPlayerLevels(
      tx,
      stale.map((row) => row.customer_guid),
    );
  });
  add("levels_changed", relevelled);

  const mined = await mineCoins(db, settings);
  add("mining_accruals", mined.accrued);
  add("mining_credits", mined.coins_players);
  return report;
}
