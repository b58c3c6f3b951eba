import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminGame } from "@croupier/contract/backoffice/catalog-admin";
import { z } from "zod";
import { staffApi } from "../../lib/staff-api";

/** A catalogue game for the free-spins picker (only games that can give free spins are offered). */
export const freeSpinGame = adminGame.pick({
  guid: true,
  game_name: true,
  studio_name: true,
  game_provider: true,
  game_status: true,
  can_freespins: true,
});
export type FreeSpinGame = z.infer<typeof freeSpinGame>;

const PICKER_PAGE = 50;

/** GET /catalog/games?q=…: the first games matching the search, those that cannot give free spins left out. */
export async function searchFreeSpinGames(q: string, signal?: AbortSignal): Promise<FreeSpinGame[]> {
  const { payload } = await staffApi().get("/catalog/games", {
    query: { q: q.trim() || undefined, per_page: PICKER_PAGE, sort: "name", order: "asc" },
    signal,
    schema: z.array(freeSpinGame),
  });
  return payload.filter((game) => game.can_freespins);
}

export const freeSpinGamesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ["backoffice", "bonus-campaigns", "free-spin-games", q.trim()],
    queryFn: ({ signal }) => searchFreeSpinGames(q, signal),
    staleTime: 60_000,
  });
export const useFreeSpinGames = (q: string, enabled: boolean) => useQuery({ ...freeSpinGamesQueryOptions(q), enabled });
