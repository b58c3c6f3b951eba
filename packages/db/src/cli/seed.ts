// npm run db:seed: reference data always; demo data (demo players with public passwords, funded
// wallets, demo catalogue) only as the server would seed it: with DEMO_MODE on outside production, or
// when SEED_DEMO_DATA says so (ADR 013). Idempotent, like the seed the server runs on start.
import { migrate } from "../migrate.ts";
import { seed } from "../seed/seed.ts";
import { openConfiguredDatabase } from "./open-database.ts";

const isOn = (value: string | undefined) => value === "true" || value === "1";
const demoSetting = process.env.SEED_DEMO_DATA;
const demo = demoSetting ? isOn(demoSetting) : isOn(process.env.DEMO_MODE) && process.env.NODE_ENV !== "production";
const database = await openConfiguredDatabase();
try {
  await migrate(database);
  // The demo staff (public password) as the server seeds them: DEMO_MODE only, never in production.
  const demoStaff = isOn(process.env.DEMO_MODE) && process.env.NODE_ENV !== "production";
  await seed(database.db, { demo, demoStaff });
  console.log(
    `Seeded (${database.kind}, demo data ${demo ? "included" : "left out"}, demo staff ${demoStaff ? "included" : "left out"}).`,
  );
} finally {
  await database.close();
}
