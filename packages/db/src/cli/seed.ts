// npm run db:seed: reference data always; demo data (demo players, funded wallets, demo catalogue)
// unless NODE_ENV=production or SEED_DEMO_DATA=false. Idempotent, like the seed the server runs on start.
import { migrate } from "../migrate.ts";
import { seed } from "../seed/seed.ts";
import { openConfiguredDatabase } from "./open-database.ts";

const demoSetting = process.env.SEED_DEMO_DATA;
const demo = demoSetting ? demoSetting === "true" || demoSetting === "1" : process.env.NODE_ENV !== "production";
const database = await openConfiguredDatabase();
try {
  await migrate(database);
  await seed(database.db, { demo });
  console.log(`Seeded (${database.kind}, demo data ${demo ? "included" : "left out"}).`);
} finally {
  await database.close();
}
