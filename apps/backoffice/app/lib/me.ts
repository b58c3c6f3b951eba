import { staffMe, type StaffMe } from "@croupier/contract/backoffice/staff";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { staffApi } from "./staff-api";

export type { StaffMe };

export const ME_QUERY_KEY = ["backoffice", "me"] as const;

/** GET /me: who is signed in and what their role allows. */
export async function fetchMe(signal?: AbortSignal): Promise<StaffMe> {
  const { payload } = await staffApi().get("/me", { signal, schema: staffMe });
  return payload;
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: ME_QUERY_KEY, queryFn: ({ signal }) => fetchMe(signal), staleTime: 5 * 60_000 });

/** The signed-in staff member; every page inside the console layout may rely on it being loaded. */
export function useMe() {
  return useQuery(meQueryOptions());
}
