import { sql } from "drizzle-orm";
import type { Db } from "../create-database.ts";

// The demo loyalty levels (issue #18, ADR 036): inserted only when missing, so a re-run changes
// nothing and never overwrites what an operator edited in the console. The demo mining settings
// (10 coins/h active, 1/h passive, a 1 h period) are the settings row's defaults (migration 0040).
// The demo coin bonus is a campaign of the bonus demo seed (seed-bonuses-demo.ts).

const LEVELS = [
  { level: 1, name: "Bronze", threshold_usd: "0", coin_multiplier: "1" },
  { level: 2, name: "Silver", threshold_usd: "1000", coin_multiplier: "1.2" },
  { level: 3, name: "Gold", threshold_usd: "10000", coin_multiplier: "1.5" },
  { level: 4, name: "Platinum", threshold_usd: "50000", coin_multiplier: "2" },
] as const;

export async function seedLoyaltyDemo(db: Db): Promise<void> {
  for (const level of LEVELS) {
    await db.execute(
      sql`INSERT INTO loyalty_levels (level, name, threshold_usd, coin_multiplier)
          SELECT ${level.level}, ${level.name}, ${level.threshold_usd}::numeric, ${level.coin_multiplier}::numeric
           WHERE NOT EXISTS (SELECT 1 FROM loyalty_levels WHERE level = ${level.level} OR threshold_usd = ${level.threshold_usd}::numeric)`,
    );
  }
}
