import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { segmentRow, type SegmentRow } from "@croupier/contract/backoffice/segments";
import { staffApi } from "../../lib/staff-api";

export const SEGMENTS_KEY = ["backoffice", "segments"] as const;
export const SEGMENTS_PER_PAGE = 50;

export type SegmentsPage = { items: SegmentRow[]; total: number };

/** GET /segments, one page, by group and name (name: part of the name or group). */
export async function listSegments(input: { name: string; page: number }, signal?: AbortSignal): Promise<SegmentsPage> {
  const { payload, metadata } = await staffApi().get<SegmentRow[], { total: number }>("/segments", {
    query: { name: input.name || undefined, page: input.page, per_page: SEGMENTS_PER_PAGE },
    signal,
    schema: z.array(segmentRow),
  });
  return { items: payload, total: metadata.total };
}

export const segmentsQueryOptions = (input: { name: string; page: number }) =>
  queryOptions({ queryKey: [...SEGMENTS_KEY, "list", input], queryFn: ({ signal }) => listSegments(input, signal) });
export const useSegments = (input: { name: string; page: number }) => useQuery(segmentsQueryOptions(input));
