// npm run db:migrate: applies the committed migrations (the server also does this on start).
import { migrate } from "../migrate.ts";
import { openConfiguredDatabase } from "./open-database.ts";

const database = await openConfiguredDatabase();
try {
  await migrate(database);
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
