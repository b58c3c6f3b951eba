import type { BonusLabel } from "@croupier/contract/backoffice/bonuses";
import type { Db } from "@croupier/db/create-database";
import { loadLabels } from "./label-sql.ts";

/** Every bonus label by name, with its use count (at most 500: labels are a short list by nature). */
export async function listBonusLabels(db: Db): Promise<BonusLabel[]> {
  return loadLabels(db);
}
