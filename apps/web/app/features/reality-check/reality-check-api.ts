import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RealityCheckAnswerBody, RealityCheckSummary } from "@croupier/contract/entities/reality-check";
import { playerApi } from "../../lib/player-api";

/** GET /responsible-gaming/reality-check/summary: this login session so far, and whether a check is due. */
export async function fetchRealityCheckSummary(signal?: AbortSignal): Promise<RealityCheckSummary> {
  return (await playerApi().get<RealityCheckSummary>("/api/v1/responsible-gaming/reality-check/summary", { signal }))
    .payload;
}

export const realityCheckSummaryQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ["reality-check", "summary", userId] as const,
    queryFn: ({ signal }) => fetchRealityCheckSummary(signal),
    enabled: userId !== null,
  });

export function useRealityCheckSummary(userId: string | null) {
  return useQuery(realityCheckSummaryQueryOptions(userId));
}

/** POST /responsible-gaming/reality-check/acknowledge: bets resume and the interval starts again. */
export async function answerRealityCheck(action: RealityCheckAnswerBody["action"]): Promise<RealityCheckSummary> {
  return (
    await playerApi().post<RealityCheckSummary>("/api/v1/responsible-gaming/reality-check/acknowledge", {
      body: { action },
    })
  ).payload;
}

/** "1 h 05 min" / "12 min". */
export function formatElapsed(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${String(minutes % 60).padStart(2, "0")} min` : `${minutes} min`;
}
