import { sql } from "drizzle-orm";
import type { ReportCurrency } from "@croupier/contract/backoffice/reports";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/** GET /reports/currencies: every currency of the casino (the report's picker), default first. */
export async function listReportCurrencies(executor: SqlExecutor): Promise<ReportCurrency[]> {
  return queryRows<ReportCurrency>(
    executor,
    sql`SELECT code, decimals FROM currencies ORDER BY is_default DESC, code LIMIT 500`,
  );
}
