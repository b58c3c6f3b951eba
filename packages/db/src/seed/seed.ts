import type { Db } from "../create-database.ts";

export type SeedOptions = { demo: boolean };

/** Idempotent: running it twice changes nothing. Reference data always; demo data when asked. */
export async function seed(_db: Db, _options: SeedOptions): Promise<void> {}
