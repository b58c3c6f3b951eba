import { queryOptions, useQuery } from "@tanstack/react-query";
import { segmentRow, type SegmentRow } from "@croupier/contract/backoffice/segments";
import { staffApi } from "../../lib/staff-api";
import { SEGMENTS_KEY } from "./list-segments";

export const segmentKey = (guid: string) => [...SEGMENTS_KEY, "one", guid] as const;

/** GET /segments/:guid. */
export async function loadSegment(guid: string, signal?: AbortSignal): Promise<SegmentRow> {
  return (await staffApi().get(`/segments/${encodeURIComponent(guid)}`, { signal, schema: segmentRow })).payload;
}

export const segmentQueryOptions = (guid: string) =>
  queryOptions({ queryKey: segmentKey(guid), queryFn: ({ signal }) => loadSegment(guid, signal) });
export const useSegment = (guid: string) => useQuery(segmentQueryOptions(guid));
