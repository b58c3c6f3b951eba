import { staffPage, type StaffPage } from "@croupier/contract/backoffice/staff";
import { queryOptions } from "@tanstack/react-query";
import type { GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";

/** The list has no filters (a casino has tens of staff accounts, not thousands). */
export type StaffFilters = Record<string, never>;

export const STAFF_QUERY_KEY = ["backoffice", "staff"] as const;

export async function listStaff(params: GridParams<StaffFilters>, signal?: AbortSignal): Promise<StaffPage> {
  const query = { limit: params.limit, cursor: params.cursor ?? undefined };
  return (await staffApi().get("/staff", { query, signal, schema: staffPage })).payload;
}

export const staffQueryOptions = (params: GridParams<StaffFilters>) =>
  queryOptions({ queryKey: [...STAFF_QUERY_KEY, params], queryFn: ({ signal }) => listStaff(params, signal) });
