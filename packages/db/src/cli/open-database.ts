import path from "node:path";
import { createDatabase, type DatabaseHandle } from "../create-database.ts";

/** The database the server would use: DATABASE_URL, else the embedded one in DATA_DIR (default ./.data). */
export function openConfiguredDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || "./.data");
  return createDatabase({ url, dataDir: url ? undefined : dataDir, log: (line) => console.warn(line) });
}
