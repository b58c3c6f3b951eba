import { createDatabase } from "@croupier/db/create-database";
import { loadEnv } from "../env.ts";
import { reconcileLedger, type ReconcileReport } from "../modules/ledger/reconcile-ledger.ts";

/**
 * npm run reconcile: proves per currency that every wallet equals its ledger
 * sum and that all accounts sum to zero. Exit 0 when clean, 1 naming the
 * culprits on any mismatch, 2 when the check itself could not run.
 */
async function main(): Promise<number> {
  const env = loadEnv();
  const database = await createDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
    poolMax: 2,
  });
  try {
    const report = await reconcileLedger(database.db);
    console.log(formatReport(report));
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

export function formatReport(report: ReconcileReport): string {
  const lines = report.currencies.map(
    (c) =>
      `  ${c.currency.padEnd(6)} accounts ${String(c.accounts).padStart(6)}  wallets ${String(c.wallets).padStart(6)}  ` +
      `transfers ${String(c.transfers).padStart(8)}  sum ${c.sum}  held by players ${c.player_money}`,
  );
  if (report.ok) return [`Ledger reconciled: every wallet equals its ledger, every currency sums to zero.`, ...lines].join("\n");
  const culprits = report.culprits.map((c) => {
    switch (c.kind) {
      case "wallet_mismatch":
        return `  wallet ${c.wallet_guid} (${c.currency}) ${c.pocket}: cached ${c.cached}, ledger ${c.ledger}`;
      case "currency_not_zero":
        return `  currency ${c.currency}: accounts sum to ${c.sum}, not 0`;
      case "negative_player_account":
        return `  player account ${c.account_guid} (${c.currency}) is negative in the ledger: ${c.ledger}`;
      case "cross_currency_transfer":
        return `  transfer ${c.transfer_guid} touches an account of another currency`;
    }
  });
  return [`LEDGER MISMATCH: ${report.culprits.length} culprit(s)`, ...culprits, "Per currency:", ...lines].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`reconcile could not run: ${(error as Error).message}`);
      process.exit(2);
    },
  );
}
