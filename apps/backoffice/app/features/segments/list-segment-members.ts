import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { segmentMember, type SegmentMember } from "@croupier/contract/backoffice/segments";
import { staffApi } from "../../lib/staff-api";
import { SEGMENTS_KEY } from "./list-segments";

export const MEMBERS_PER_PAGE = 25;
export const segmentMembersKey = (guid: string) => [...SEGMENTS_KEY, "members", guid] as const;

export type MembersPage = { items: SegmentMember[]; total: number };

/** GET /segments/:guid/members, one page, newest first. */
export async function listSegmentMembers(guid: string, page: number, signal?: AbortSignal): Promise<MembersPage> {
  const { payload, metadata } = await staffApi().get<SegmentMember[], { total: number }>(
    `/segments/${encodeURIComponent(guid)}/members`,
    {
      query: { page, per_page: MEMBERS_PER_PAGE },
      signal,
      schema: z.array(segmentMember),
    },
  );
  return { items: payload, total: metadata.total };
}

export const segmentMembersQueryOptions = (guid: string, page: number) =>
  queryOptions({
    queryKey: [...segmentMembersKey(guid), page],
    queryFn: ({ signal }) => listSegmentMembers(guid, page, signal),
  });
export const useSegmentMembers = (guid: string, page: number) => useQuery(segmentMembersQueryOptions(guid, page));
