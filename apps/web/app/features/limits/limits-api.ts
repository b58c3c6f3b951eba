import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlayerLimit, PlayerLimits, SetLimitBody, SetLimitResult } from "@croupier/contract/entities/limits";
import { playerApi } from "../../lib/player-api";

// The limits feature's calls (/api/v1/responsible-gaming/limits, ADR 021): one fetcher per endpoint,
// one query key, mutations that refresh the list from the server's answer.

export const limitsRootKey = ["responsible-gaming", "limits"] as const;
export const limitsKey = (userId: string | null) => [...limitsRootKey, userId] as const;

const BASE = "/api/v1/responsible-gaming/limits";

/** GET /responsible-gaming/limits: the limits with usage and pending changes. */
export async function fetchLimits(signal?: AbortSignal): Promise<PlayerLimits> {
  const { payload } = await playerApi().get<PlayerLimits>(BASE, { signal });
  return payload;
}

/** PUT /responsible-gaming/limits: applied at once (new or lower) or pending (higher). */
export async function putLimit(body: SetLimitBody): Promise<SetLimitResult> {
  const { payload } = await playerApi().put<SetLimitResult>(BASE, { body });
  return payload;
}

/** DELETE /responsible-gaming/limits/:guid: a removal, pending like an increase. */
export async function deleteLimit(guid: string): Promise<PlayerLimit> {
  const { payload } = await playerApi().delete<{ limit: PlayerLimit }>(`${BASE}/${guid}`);
  return payload.limit;
}

/** POST /responsible-gaming/limits/:guid/confirm: null when the limit was removed. */
export async function postConfirmLimit(guid: string): Promise<PlayerLimit | null> {
  const { payload } = await playerApi().post<{ limit: PlayerLimit | null }>(`${BASE}/${guid}/confirm`);
  return payload.limit;
}

/** POST /responsible-gaming/limits/:guid/cancel */
export async function postCancelLimitChange(guid: string): Promise<PlayerLimit> {
  const { payload } = await playerApi().post<{ limit: PlayerLimit }>(`${BASE}/${guid}/cancel`);
  return payload.limit;
}

export const limitsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: limitsKey(userId),
    queryFn: ({ signal }) => fetchLimits(signal),
    enabled: userId !== null,
    // Usage moves with every deposit and bet: always read it fresh.
    staleTime: 0,
  });

export function useLimits(userId: string | null) {
  return useQuery(limitsQueryOptions(userId));
}

function useLimitMutation<TArgs, TResult>(userId: string | null, mutationFn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: limitsKey(userId) }),
  });
}

export const useSetLimit = (userId: string | null) => useLimitMutation(userId, putLimit);
export const useRemoveLimit = (userId: string | null) => useLimitMutation(userId, deleteLimit);
export const useConfirmLimit = (userId: string | null) => useLimitMutation(userId, postConfirmLimit);
export const useCancelLimitChange = (userId: string | null) => useLimitMutation(userId, postCancelLimitChange);
