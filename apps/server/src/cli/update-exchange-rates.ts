import fs from "node:fs";
import path from "node:path";
import { createDatabase } from "@croupier/db/create-database";
import { loadEnv } from "../env.ts";
import {
  exchangeRatesFile,
  updateExchangeRates,
  type ExchangeRatesFile,
  type ExchangeRatesReport,
} from "../modules/game-launch/update-exchange-rates.ts";

const DEMO_FILE = path.resolve(import.meta.dirname, "../../../../packages/db/src/seed/data/demo-exchange-rates.json");
const USAGE = `Usage: npm run exchange-rates:update -- <rates.json> | --demo
   or: EXCHANGE_RATES_JSON='{"rates":{"BTC/USD":"65000"}}' npm run exchange-rates:update
   or: EXCHANGE_RATES_FILE=/path/rates.json npm run exchange-rates:update
The file: { "quoted_at"?: "2026-01-01T00:00:00Z", "rates": { "BASE/QUOTE": "decimal string", … } }`;

/** Where the rates come from: an argument, then EXCHANGE_RATES_FILE, then EXCHANGE_RATES_JSON. */
export function readRatesSource(
  argv: string[],
  env: Record<string, string | undefined>,
): { text: string; source: string } | null {
  const arg = argv.find((a) => !a.startsWith("--"));
  const file = argv.includes("--demo") ? DEMO_FILE : (arg ?? env.EXCHANGE_RATES_FILE);
  if (file) return { text: fs.readFileSync(file, "utf8"), source: `file:${path.basename(file)}` };
  if (env.EXCHANGE_RATES_JSON) return { text: env.EXCHANGE_RATES_JSON, source: "env:EXCHANGE_RATES_JSON" };
  return null;
}

/** Parses and validates the rates; a message naming every offender otherwise. */
export function parseRates(text: string): ExchangeRatesFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("the rates are not valid JSON");
  }
  const result = exchangeRatesFile.safeParse(json);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(file)"}: ${i.message}`);
  throw new Error(`invalid rates:\n${lines.join("\n")}`);
}

export function formatRatesReport(report: ExchangeRatesReport): string {
  const lines = [`Exchange rates: ${report.updated.length} updated, ${report.unchanged.length} unchanged.`];
  if (report.updated.length) lines.push(`  updated: ${report.updated.join(", ")}`);
  if (report.unknown.length) lines.push(`UNKNOWN PAIRS (nothing stored): ${report.unknown.join(", ")}`);
  return lines.join("\n");
}

/**
 * npm run exchange-rates:update: loads the latest price of each currency pair
 * from a JSON file or the environment (there is no live feed). Exit 0 when
 * every pair was known, 1 when some were not (the known ones are stored),
 * 2 when nothing could be stored.
 */
async function main(): Promise<number> {
  const input = readRatesSource(process.argv.slice(2), process.env);
  if (!input) {
    console.error(USAGE);
    return 2;
  }
  const rates = parseRates(input.text);
  const env = loadEnv();
  const database = await createDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
    poolMax: 2,
  });
  try {
    const report = await updateExchangeRates(database.db, rates, input.source);
    console.log(formatRatesReport(report));
    return report.unknown.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`exchange-rates:update failed: ${(error as Error).message}`);
      process.exit(2);
    },
  );
}
