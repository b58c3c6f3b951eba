import { useMutation } from "@tanstack/react-query";
import { segmentPreview, type SegmentPreview, type SegmentRule } from "@croupier/contract/backoffice/segments";
import { staffApi } from "../../lib/staff-api";

/** POST /segments/preview: how many players the rules match now. */
export async function previewSegment(rules: SegmentRule[]): Promise<SegmentPreview> {
  return (await staffApi().post("/segments/preview", { body: { rules }, schema: segmentPreview })).payload;
}

export const usePreviewSegment = () => useMutation({ mutationFn: previewSegment });
