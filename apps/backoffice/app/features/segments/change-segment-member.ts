import { useMutation, useQueryClient } from "@tanstack/react-query";
import { memberRemoval, segmentMember, type SegmentMember } from "@croupier/contract/backoffice/segments";
import { staffApi } from "../../lib/staff-api";
import { SEGMENTS_KEY } from "./list-segments";

const memberPath = (segmentGuid: string, playerGuid: string) =>
  `/segments/${encodeURIComponent(segmentGuid)}/members/${encodeURIComponent(playerGuid)}`;

/** PUT /segments/:guid/members/:player_guid: a manual membership (the player's tabs hear of it). */
export async function assignSegmentMember(segmentGuid: string, playerGuid: string): Promise<SegmentMember> {
  return (await staffApi().put(memberPath(segmentGuid, playerGuid), { schema: segmentMember })).payload;
}

/** DELETE /segments/:guid/members/:player_guid (409 while the segment's rules match the player). */
export async function removeSegmentMember(segmentGuid: string, playerGuid: string): Promise<boolean> {
  return (await staffApi().delete(memberPath(segmentGuid, playerGuid), { schema: memberRemoval })).payload.removed;
}

export function useAssignSegmentMember(segmentGuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playerGuid: string) => assignSegmentMember(segmentGuid, playerGuid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SEGMENTS_KEY }),
  });
}

export function useRemoveSegmentMember(segmentGuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playerGuid: string) => removeSegmentMember(segmentGuid, playerGuid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SEGMENTS_KEY }),
  });
}
