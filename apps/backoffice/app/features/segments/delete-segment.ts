import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffApi } from "../../lib/staff-api";
import { SEGMENTS_KEY } from "./list-segments";

/** DELETE /segments/:guid (409 while a campaign targets it). */
export async function deleteSegment(guid: string): Promise<void> {
  await staffApi().delete(`/segments/${encodeURIComponent(guid)}`);
}

export function useDeleteSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSegment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SEGMENTS_KEY }),
  });
}
