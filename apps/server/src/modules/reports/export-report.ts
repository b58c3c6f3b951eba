import type { FastifyReply, FastifyRequest } from "fastify";
import type { SqlExecutor } from "../../lib/sql-executor.ts";
import { auditActor, recordAudit } from "../staff/record-audit.ts";
import { formatCsv, type CsvColumn } from "./format-csv.ts";

/**
 * Answers a CSV download and records it ("reports.export") before anything is sent. The file
 * name is built only from validated parts (report name, ISO dates, a currency code).
 */
export async function exportReport<Row>(
  executor: SqlExecutor,
  request: FastifyRequest,
  reply: FastifyReply,
  input: {
    report: "daily" | "providers" | "games";
    query: { from: string; to: string; currency?: string; tz?: string };
    columns: CsvColumn<Row>[];
    rows: Row[];
    details?: Record<string, unknown>;
  },
): Promise<string> {
  const { from, to, currency, tz } = input.query;
  await recordAudit(executor, auditActor(request), {
    action: "reports.export",
    targetType: "report",
    targetId: input.report,
    details: { from, to, currency: currency ?? null, tz: tz ?? "UTC", rows: input.rows.length, ...input.details },
  });
  const name = ["croupier", input.report, from, to, currency]
    .filter(Boolean)
    .join("_")
    .replace(/[^A-Za-z0-9_.-]/g, "");
  reply.header("content-type", "text/csv; charset=utf-8");
  reply.header("content-disposition", `attachment; filename="${name}.csv"`);
  return formatCsv(input.columns, input.rows);
}
