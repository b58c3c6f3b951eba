import type { DatabaseHandle } from "@croupier/db/create-database";
import {
  CatalogImportError,
  importCatalog,
  type ImportMode,
  type ImportReport,
} from "@croupier/db/seed/catalog/import-catalog";
import { catalogImportFile } from "@croupier/contract/entities/catalog";

/**
 * Validates a catalogue file (docs/catalog-import-format.md) and loads it:
 * providers, category tags and games upserted by their external ids in one
 * transaction. Every problem is reported at once; nothing is written if any.
 */
export async function importCatalogFile(
  database: DatabaseHandle,
  json: unknown,
  mode: ImportMode = "upsert",
): Promise<ImportReport> {
  const parsed = catalogImportFile.safeParse(json);
  if (!parsed.success)
    throw new CatalogImportError(
      parsed.error.issues.slice(0, 50).map((i) => `${i.path.join(".") || "(file)"}: ${i.message}`),
    );
  return importCatalog(database.db, parsed.data, mode);
}
