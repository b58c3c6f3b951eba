import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  promoCodeActivationRow,
  promoCodeBatch,
  staffPromoCode,
  type CreatePromoCodeInput,
  type GeneratePromoCodesInput,
  type PromoCodeActivationRow,
  type PromoCodeBatch,
  type StaffPromoCode,
} from "@croupier/contract/backoffice/promo-codes";
import { campaignRow, type CampaignRow } from "@croupier/contract/backoffice/bonuses";
import { SEGMENTS_PER_PAGE_MAX, segmentRow, type SegmentRow } from "@croupier/contract/backoffice/segments";
import type { GridPage, GridParams } from "../../components/data-grid/data-grid";
import { STAFF_API_BASE, staffApi } from "../../lib/staff-api";
import { endStaffSession, SESSION_ENDED_NOTICE, staffToken } from "../../lib/staff-session";

// The promo-code console's calls (issue #18, ADR 034): one fetcher per endpoint, a queryOptions
// factory and a hook each. Keys start with "backoffice", "promo-codes".

export const PROMO_CODES_KEY = ["backoffice", "promo-codes"] as const;

export type PromoCodeFilters = { bonus_guid: string; status: string; code: string };
export const EMPTY_PROMO_FILTERS: PromoCodeFilters = { bonus_guid: "", status: "", code: "" };

/** GET /promo-codes, one page: the API pages by number, the grid's cursor is that number as text. */
export async function listPromoCodes(
  p: GridParams<PromoCodeFilters>,
  signal?: AbortSignal,
): Promise<GridPage<StaffPromoCode>> {
  const page = Number(p.cursor ?? 1);
  const f = p.filters;
  const query = {
    bonus_guid: f.bonus_guid || undefined,
    status: f.status || undefined,
    code: f.code.trim() || undefined,
    page,
    per_page: p.limit,
  };
  const { payload, metadata } = await staffApi().get<StaffPromoCode[], { total: number }>("/promo-codes", {
    query,
    signal,
    schema: z.array(staffPromoCode),
  });
  return { items: payload, next_cursor: page * p.limit < metadata.total ? String(page + 1) : null };
}

export const promoCodesQueryOptions = (p: GridParams<PromoCodeFilters>) =>
  queryOptions({ queryKey: [...PROMO_CODES_KEY, "list", p], queryFn: ({ signal }) => listPromoCodes(p, signal) });

/** GET /bonus-campaigns?trigger=promo_code: the campaigns a code can belong to (the first 100). */
export async function listPromoCampaigns(signal?: AbortSignal): Promise<CampaignRow[]> {
  const { payload } = await staffApi().get<CampaignRow[]>("/bonus-campaigns", {
    query: { trigger: "promo_code", page: "1", per_page: "100" },
    signal,
    schema: z.array(campaignRow),
  });
  return payload;
}

/** GET /segments, the first page by group and name: the segments a code can be restricted to. */
export async function listPromoSegments(signal?: AbortSignal): Promise<SegmentRow[]> {
  const { payload } = await staffApi().get<SegmentRow[]>("/segments", {
    query: { page: "1", per_page: String(SEGMENTS_PER_PAGE_MAX) },
    signal,
    schema: z.array(segmentRow),
  });
  return payload;
}

export const promoSegmentsQueryOptions = () =>
  queryOptions({
    queryKey: [...PROMO_CODES_KEY, "segments"],
    queryFn: ({ signal }) => listPromoSegments(signal),
    staleTime: 30_000,
  });
export const usePromoSegments = () => useQuery(promoSegmentsQueryOptions());

export const promoCampaignsQueryOptions = () =>
  queryOptions({
    queryKey: [...PROMO_CODES_KEY, "campaigns"],
    queryFn: ({ signal }) => listPromoCampaigns(signal),
    staleTime: 30_000,
  });

export const usePromoCampaigns = () => useQuery(promoCampaignsQueryOptions());

/** GET /promo-codes/:guid/activations: who redeemed a code (the first 100, newest first). */
export async function listPromoCodeActivations(
  guid: string,
  signal?: AbortSignal,
): Promise<{ items: PromoCodeActivationRow[]; total: number }> {
  const { payload, metadata } = await staffApi().get<PromoCodeActivationRow[], { total: number }>(
    `/promo-codes/${encodeURIComponent(guid)}/activations`,
    { query: { page: 1, per_page: 100 }, signal, schema: z.array(promoCodeActivationRow) },
  );
  return { items: payload, total: metadata.total };
}

export const promoCodeActivationsQueryOptions = (guid: string) =>
  queryOptions({
    queryKey: [...PROMO_CODES_KEY, "activations", guid],
    queryFn: ({ signal }) => listPromoCodeActivations(guid, signal),
  });

export const usePromoCodeActivations = (guid: string) => useQuery(promoCodeActivationsQueryOptions(guid));

/** POST /promo-codes: a chosen code. */
export async function createPromoCode(input: Partial<CreatePromoCodeInput>): Promise<StaffPromoCode> {
  return (await staffApi().post<StaffPromoCode>("/promo-codes", { body: input, schema: staffPromoCode })).payload;
}

/** POST /promo-codes/batches: N random codes. */
export async function generatePromoCodes(input: Partial<GeneratePromoCodesInput>): Promise<PromoCodeBatch> {
  return (await staffApi().post<PromoCodeBatch>("/promo-codes/batches", { body: input, schema: promoCodeBatch }))
    .payload;
}

/** POST /promo-codes/:guid/status. */
export async function changePromoCodeStatus(input: {
  guid: string;
  status: "active" | "disabled";
}): Promise<StaffPromoCode> {
  return (
    await staffApi().post<StaffPromoCode>(`/promo-codes/${encodeURIComponent(input.guid)}/status`, {
      body: { status: input.status },
      schema: staffPromoCode,
    })
  ).payload;
}

/** A mutation that refreshes every promo-code list when it succeeds. */
export function usePromoCodeMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PROMO_CODES_KEY }),
  });
}

/**
 * GET /promo-codes/export.csv for a batch or a campaign, saved under the server's file name. The
 * download needs the bearer token, so it is fetched and handed to the browser as a blob.
 */
export async function downloadPromoCodesCsv(query: { batch_guid?: string; bonus_guid?: string }): Promise<string> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const response = await fetch(`${STAFF_API_BASE}/promo-codes/export.csv?${params}`, {
    headers: { authorization: `Bearer ${staffToken() ?? ""}` },
  });
  if (response.status === 401) {
    endStaffSession(SESSION_ENDED_NOTICE);
    throw new Error(SESSION_ENDED_NOTICE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { payload?: { message?: string } } | null;
    throw new Error(body?.payload?.message ?? `The export failed (HTTP ${response.status}).`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "promo-codes.csv";
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  return name;
}
