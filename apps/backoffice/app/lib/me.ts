import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StaffPermission, StaffRole } from "@croupier/contract/staff-permissions";
import { staffApi } from "./staff-api";

/** GET /me: who is signed in and what their role allows. */
export type StaffMe = {
  id: string;
  email: string;
  display_name: string;
  role: StaffRole;
  permissions: StaffPermission[];
};

export const ME_QUERY_KEY = ["backoffice", "me"] as const;

export async function fetchMe(signal?: AbortSignal): Promise<StaffMe> {
  const { payload } = await staffApi().get<StaffMe>("/me", { signal });
  return payload;
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: ME_QUERY_KEY, queryFn: ({ signal }) => fetchMe(signal), staleTime: 5 * 60_000 });

/** The signed-in staff member; every page inside the console layout may rely on it being loaded. */
export function useMe() {
  return useQuery(meQueryOptions());
}
