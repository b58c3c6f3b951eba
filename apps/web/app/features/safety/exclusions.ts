import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CreateExclusionBody, Exclusion } from "@croupier/contract/entities/exclusions";
import { playerApi } from "../../lib/player-api";

/** GET /responsible-gaming/exclusions: the player's own time-outs and self-exclusions, newest first. */
export async function fetchExclusions(signal?: AbortSignal): Promise<Exclusion[]> {
  return (await playerApi().get<Exclusion[]>("/api/v1/responsible-gaming/exclusions", { signal })).payload;
}

export const exclusionsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ["safety", "exclusions", userId] as const,
    queryFn: ({ signal }) => fetchExclusions(signal),
    enabled: userId !== null,
  });

export function useExclusions(userId: string | null) {
  return useQuery(exclusionsQueryOptions(userId));
}

/** POST /responsible-gaming/exclusions: starts at once; every session of the player ends, this one too. */
export async function startExclusion(body: CreateExclusionBody): Promise<Exclusion> {
  return (await playerApi().post<Exclusion>("/api/v1/responsible-gaming/exclusions", { body })).payload;
}

export const PERIOD_LABELS: Record<string, string> = {
  "24h": "24 hours",
  "1w": "1 week",
  "1m": "1 month",
  "6w": "6 weeks",
  "6m": "6 months",
  "1y": "1 year",
  "2y": "2 years",
  "5y": "5 years",
  indefinite: "No end date",
};

export const KIND_LABELS: Record<Exclusion["kind"], string> = {
  time_out: "Time-out",
  self_exclusion: "Self-exclusion",
  operator: "Closed by the operator",
};

/** "12 May 2027, 14:30" in the player's own zone. */
export function formatEnd(iso: string | null): string {
  if (!iso) return "further notice";
  return new Date(iso).toLocaleString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}
