import { useMutation, useQueryClient } from "@tanstack/react-query";
import { segmentRow, type SegmentInput, type SegmentRow } from "@croupier/contract/backoffice/segments";
import { staffApi } from "../../lib/staff-api";
import { SEGMENTS_KEY } from "./list-segments";

/** POST /segments (guid null) or PUT /segments/:guid. */
export async function saveSegment(guid: string | null, body: SegmentInput): Promise<SegmentRow> {
  const api = staffApi();
  if (guid) return (await api.put(`/segments/${encodeURIComponent(guid)}`, { body, schema: segmentRow })).payload;
  return (await api.post("/segments", { body, schema: segmentRow })).payload;
}

export function useSaveSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { guid: string | null; body: SegmentInput }) => saveSegment(input.guid, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SEGMENTS_KEY }),
  });
}
