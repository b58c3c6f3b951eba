import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { bonusLabel, type BonusLabel, type BonusLabelInput } from "@croupier/contract/backoffice/bonuses";
import { staffApi } from "../../lib/staff-api";

export const BONUS_LABELS_KEY = ["backoffice", "bonus-labels"] as const;

/** GET /bonus-labels. */
export async function listBonusLabels(signal?: AbortSignal): Promise<BonusLabel[]> {
  return (await staffApi().get("/bonus-labels", { signal, schema: z.array(bonusLabel) })).payload;
}

export const bonusLabelsQueryOptions = () =>
  queryOptions({ queryKey: BONUS_LABELS_KEY, queryFn: ({ signal }) => listBonusLabels(signal) });
export const useBonusLabels = () => useQuery(bonusLabelsQueryOptions());

/** POST /bonus-labels (guid null) or PUT /bonus-labels/:guid. */
export async function saveBonusLabel(guid: string | null, body: BonusLabelInput): Promise<BonusLabel> {
  const api = staffApi();
  if (guid) return (await api.put(`/bonus-labels/${encodeURIComponent(guid)}`, { body, schema: bonusLabel })).payload;
  return (await api.post("/bonus-labels", { body, schema: bonusLabel })).payload;
}

/** DELETE /bonus-labels/:guid (409 while a current campaign version carries it). */
export async function deleteBonusLabel(guid: string): Promise<void> {
  await staffApi().delete(`/bonus-labels/${encodeURIComponent(guid)}`);
}

export function useSaveBonusLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { guid: string | null; body: BonusLabelInput }) => saveBonusLabel(input.guid, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BONUS_LABELS_KEY }),
  });
}

export function useDeleteBonusLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBonusLabel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BONUS_LABELS_KEY }),
  });
}
