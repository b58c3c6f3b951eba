import type { FastifyReply, FastifyRequest } from "fastify";
import { sql } from "drizzle-orm";
import { PROMO_EXPORT_MAX } from "@croupier/contract/backoffice/promo-codes";
import type { Db } from "@croupier/db/create-database";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { formatCsv, type CsvColumn } from "../reports/format-csv.ts";
import { auditActor, recordAudit } from "../staff/record-audit.ts";
import { iso } from "../bonuses/bonus-sql.ts";

type ExportRow = {
  code: string;
  name: string;
  status: string;
  used_count: number;
  multiple_use: boolean;
  multiple_use_count: number;
  email: string | null;
  start_date: string | null;
  end_date: string | null;
  batch_guid: string | null;
};

const COLUMNS: CsvColumn<ExportRow>[] = [
  { header: "code", kind: "text", value: (r) => r.code },
  { header: "name", kind: "text", value: (r) => r.name },
  { header: "status", kind: "text", value: (r) => r.status },
  { header: "used_count", kind: "number", value: (r) => r.used_count },
  { header: "multiple_use", kind: "text", value: (r) => String(r.multiple_use) },
  { header: "multiple_use_count", kind: "number", value: (r) => r.multiple_use_count },
  { header: "email", kind: "text", value: (r) => r.email },
  { header: "start_date", kind: "text", value: (r) => r.start_date },
  { header: "end_date", kind: "text", value: (r) => r.end_date },
  { header: "batch_guid", kind: "text", value: (r) => r.batch_guid },
];

/**
 * GET /promo-codes/export.csv: a batch's or a campaign's codes, by code, bounded to PROMO_EXPORT_MAX
 * rows (a larger campaign is exported batch by batch: 409 says so). The export is audited before
 * anything is sent: the codes are as good as bonus money.
 */
export async function exportPromoCodes(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  query: { bonus_guid?: string; batch_guid?: string },
): Promise<string> {
  const filters = [sql`true`];
  if (query.bonus_guid) filters.push(sql`bonus_guid = ${query.bonus_guid}::uuid`);
  if (query.batch_guid) filters.push(sql`batch_guid = ${query.batch_guid}::uuid`);
  const where = sql.join(filters, sql` AND `);
  const rows = await queryRows<ExportRow>(
    db,
    sql`SELECT code, name, status, used_count, multiple_use, multiple_use_count, email, ${iso(sql`start_date`)} AS start_date,
               ${iso(sql`end_date`)} AS end_date, batch_guid
          FROM promo_codes WHERE ${where} ORDER BY code LIMIT ${PROMO_EXPORT_MAX + 1}`,
  );
  if (rows.length > PROMO_EXPORT_MAX)
    throw new AppError("CONFLICT", `More than ${PROMO_EXPORT_MAX} codes: export one batch at a time.`);
  await recordAudit(db, auditActor(request), {
    action: "promo_code.export",
    targetType: query.batch_guid ? "promo_code_batch" : "bonus_campaign",
    targetId: query.batch_guid ?? query.bonus_guid ?? null,
    details: { bonus_guid: query.bonus_guid ?? null, batch_guid: query.batch_guid ?? null, rows: rows.length },
  });
  const name = `promo-codes_${query.batch_guid ?? query.bonus_guid}`.replace(/[^A-Za-z0-9_.-]/g, "");
  reply.header("content-type", "text/csv; charset=utf-8");
  reply.header("content-disposition", `attachment; filename="${name}.csv"`);
  return formatCsv(COLUMNS, rows);
}
