import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { miningSettings, type MiningSettings, type MiningSettingsInput } from "@croupier/contract/backoffice/loyalty";
import { staffApi } from "../../lib/staff-api";

export const MINING_SETTINGS_KEY = ["backoffice", "loyalty", "mining-settings"] as const;

/** GET /loyalty/mining-settings. */
export async function getMiningSettings(signal?: AbortSignal): Promise<MiningSettings> {
  return (await staffApi().get("/loyalty/mining-settings", { signal, schema: miningSettings })).payload;
}
export const miningSettingsQueryOptions = () => queryOptions({ queryKey: MINING_SETTINGS_KEY, queryFn: ({ signal }) => getMiningSettings(signal) });
export const useMiningSettings = () => useQuery(miningSettingsQueryOptions());

/** PUT /loyalty/mining-settings. */
export async function saveMiningSettings(body: MiningSettingsInput): Promise<MiningSettings> {
  return (await staffApi().put("/loyalty/mining-settings", { body, schema: miningSettings })).payload;
}

export function useSaveMiningSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMiningSettings,
    onSuccess: (saved) => queryClient.setQueryData(MINING_SETTINGS_KEY, saved),
  });
}
