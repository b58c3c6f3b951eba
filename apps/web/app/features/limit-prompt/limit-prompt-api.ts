import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LimitPromptAnswer, LimitPromptState } from "@croupier/contract/entities/limit-prompt";
import type { SetLimitBody } from "@croupier/contract/entities/limits";
import { playerApi } from "../../lib/player-api";

// The deposit-limit prompt after sign-up (ADR 025): its state, the player's answer, and the deposit
// limit it sets through the limits API (/responsible-gaming/limits, ADR 021).

const PROMPT = "/api/v1/responsible-gaming/limit-prompt";

export const limitPromptKey = (userId: string | null) => ["limit-prompt", userId] as const;
export const promptCurrencyKey = (userId: string | null) => ["limit-prompt", "currency", userId] as const;

/** GET /responsible-gaming/limit-prompt */
export async function fetchLimitPrompt(signal?: AbortSignal): Promise<LimitPromptState> {
  return (await playerApi().get<LimitPromptState>(PROMPT, { signal })).payload;
}

/** POST /responsible-gaming/limit-prompt: recorded once; "limit_set" only after a deposit limit exists. */
export async function postLimitPromptAnswer(answer: LimitPromptAnswer): Promise<LimitPromptState> {
  return (await playerApi().post<LimitPromptState>(PROMPT, { body: { answer } })).payload;
}

/** PUT /responsible-gaming/limits with a deposit limit. */
export async function putDepositLimit(body: Extract<SetLimitBody, { limit_type: "deposit" }>): Promise<void> {
  await playerApi().put("/api/v1/responsible-gaming/limits", { body });
}

export type PromptCurrency = { guid: string; code: string };

/** The player's account currency (GET /profile), the one the limit is set in. */
export async function fetchPromptCurrency(signal?: AbortSignal): Promise<PromptCurrency | null> {
  const { payload } = await playerApi().get<{ currency: string | null; currency_guid: string | null }>(
    "/api/v1/profile",
    { signal },
  );
  return payload.currency_guid && payload.currency ? { guid: payload.currency_guid, code: payload.currency } : null;
}

export const limitPromptQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: limitPromptKey(userId),
    queryFn: ({ signal }) => fetchLimitPrompt(signal),
    enabled: userId !== null,
    staleTime: 60_000,
  });

export const promptCurrencyQueryOptions = (userId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: promptCurrencyKey(userId),
    queryFn: ({ signal }) => fetchPromptCurrency(signal),
    enabled: userId !== null && enabled,
  });

export const useLimitPrompt = (userId: string | null) => useQuery(limitPromptQueryOptions(userId));
export const usePromptCurrency = (userId: string | null, enabled: boolean) =>
  useQuery(promptCurrencyQueryOptions(userId, enabled));

/** Answers the prompt; the cached state takes the server's answer, so the dialog closes on it. */
export function useAnswerLimitPrompt(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLimitPromptAnswer,
    onSuccess: (state) => queryClient.setQueryData(limitPromptKey(userId), state),
  });
}

export function useSetDepositLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putDepositLimit,
    // The limits page reads the same limits.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["responsible-gaming", "limits"] }),
  });
}
