import type { Db } from "../../create-database.ts";
import demoCatalog from "./demo-catalog.json" with { type: "json" };
import { importCatalog, type CatalogData } from "./import-catalog.ts";

/**
 * The demo lobby: the house provider's games shown under themed studios, with
 * category tags. Demo data only: a real installation imports its own catalogue
 * (npm run catalog:import). Adds only what is missing, so staff edits survive.
 */
export async function seedCatalog(db: Db, options: { demo: boolean }): Promise<void> {
  if (!options.demo) return;
  await importCatalog(db, demoCatalog as CatalogData, "insert-missing");
}
