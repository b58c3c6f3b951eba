import { auditLogPage, type AuditLogPage } from "@croupier/contract/backoffice/staff";
import { queryOptions } from "@tanstack/react-query";
import type { GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";

/** The filter form's values; empty strings mean "any". from/to are ISO date-times (to exclusive). */
export type AuditFilters = { staff_id: string; player_id: string; action: string; from: string; to: string };

export const EMPTY_AUDIT_FILTERS: AuditFilters = { staff_id: "", player_id: "", action: "", from: "", to: "" };

export async function listAuditLog(params: GridParams<AuditFilters>, signal?: AbortSignal): Promise<AuditLogPage> {
  const { filters } = params;
  const query = {
    staff_id: filters.staff_id || undefined,
    player_id: filters.player_id || undefined,
    action: filters.action || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    limit: params.limit,
    cursor: params.cursor ?? undefined,
  };
  return (await staffApi().get("/audit-log", { query, signal, schema: auditLogPage })).payload;
}

export const auditLogQueryOptions = (params: GridParams<AuditFilters>) =>
  queryOptions({ queryKey: ["backoffice", "audit-log", params], queryFn: ({ signal }) => listAuditLog(params, signal) });
