import { queryOptions, useQuery } from "@tanstack/react-query";
import { requireParams } from "@croupier/contract/api-client";
import type { GameConversion } from "@croupier/contract/entities/game-launch";
import { playerApi } from "../../lib/player-api";

/** GET /games/conversion/{guid}: the game's currencies and the player's options. */
export async function fetchGameConversion(guid: string | null | undefined, signal?: AbortSignal): Promise<GameConversion> {
  const id = requireParams("guid", guid);
  return (await playerApi().get<GameConversion>(`/api/v1/games/conversion/${encodeURIComponent(id)}`, { signal })).payload;
}

export const gameConversionQueryOptions = (guid: string, userId: string | null) =>
  queryOptions({
    queryKey: ["game", "conversion", guid, userId] as const,
    queryFn: ({ signal }) => fetchGameConversion(guid, signal),
  });

/** Only fetched when a launch was refused for the wallet's currency. */
export function useGameConversion(guid: string, userId: string | null, enabled: boolean) {
  return useQuery({ ...gameConversionQueryOptions(guid, userId), enabled });
}
