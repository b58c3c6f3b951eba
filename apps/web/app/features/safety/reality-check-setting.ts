import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RealityCheckSetting } from "@croupier/contract/entities/reality-check";
import { playerApi } from "../../lib/player-api";

const PATH = "/api/v1/responsible-gaming/reality-check";

/** GET /responsible-gaming/reality-check: the interval and the choices the jurisdiction allows. */
export async function fetchRealityCheckSetting(signal?: AbortSignal): Promise<RealityCheckSetting> {
  return (await playerApi().get<RealityCheckSetting>(PATH, { signal })).payload;
}

export const realityCheckSettingQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ["safety", "reality-check", userId] as const,
    queryFn: ({ signal }) => fetchRealityCheckSetting(signal),
    enabled: userId !== null,
  });

export function useRealityCheckSetting(userId: string | null) {
  return useQuery(realityCheckSettingQueryOptions(userId));
}

/** PUT /responsible-gaming/reality-check. */
export async function saveRealityCheckInterval(interval_minutes: number): Promise<RealityCheckSetting> {
  return (await playerApi().put<RealityCheckSetting>(PATH, { body: { interval_minutes } })).payload;
}

export const intervalLabel = (minutes: number) =>
  minutes === 0
    ? "Off"
    : minutes < 60
      ? `Every ${minutes} minutes`
      : minutes === 60
        ? "Every hour"
        : `Every ${minutes / 60} hours`;
