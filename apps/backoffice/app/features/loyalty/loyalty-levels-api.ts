import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { loyaltyLevel, type LoyaltyLevelInput } from "@croupier/contract/backoffice/loyalty";
import type { LoyaltyLevel } from "@croupier/contract/entities/loyalty";
import { staffApi } from "../../lib/staff-api";

export const LOYALTY_LEVELS_KEY = ["backoffice", "loyalty", "levels"] as const;

/** GET /loyalty/levels. */
export async function listLoyaltyLevels(signal?: AbortSignal): Promise<LoyaltyLevel[]> {
  return (await staffApi().get("/loyalty/levels", { signal, schema: z.array(loyaltyLevel) })).payload;
}
export const loyaltyLevelsQueryOptions = () => queryOptions({ queryKey: LOYALTY_LEVELS_KEY, queryFn: ({ signal }) => listLoyaltyLevels(signal) });
export const useLoyaltyLevels = () => useQuery(loyaltyLevelsQueryOptions());

/** POST /loyalty/levels (create) or PUT /loyalty/levels/:level (edit). */
export async function saveLoyaltyLevel(input: { mode: "create" | "update"; body: LoyaltyLevelInput }): Promise<LoyaltyLevel> {
  const api = staffApi();
  if (input.mode === "update") {
    const { level, ...body } = input.body;
    return (await api.put(`/loyalty/levels/${level}`, { body, schema: loyaltyLevel })).payload;
  }
  return (await api.post("/loyalty/levels", { body: input.body, schema: loyaltyLevel })).payload;
}

/** DELETE /loyalty/levels/:level. */
export async function deleteLoyaltyLevel(level: number): Promise<void> {
  await staffApi().delete(`/loyalty/levels/${level}`);
}

export function useSaveLoyaltyLevel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveLoyaltyLevel, onSuccess: () => queryClient.invalidateQueries({ queryKey: LOYALTY_LEVELS_KEY }) });
}

export function useDeleteLoyaltyLevel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteLoyaltyLevel, onSuccess: () => queryClient.invalidateQueries({ queryKey: LOYALTY_LEVELS_KEY }) });
}
