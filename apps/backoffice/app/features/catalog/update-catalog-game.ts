import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { adminGame, type AdminGame, type UpdateGameBody } from "@croupier/contract/backoffice/catalog-admin";
import { toast } from "sonner";
import type { GridPage } from "../../components/data-grid/data-grid";
import { errorMessageOf, isHandled, staffApi } from "../../lib/staff-api";
import { CATALOG_GAMES_KEY } from "./list-catalog-games";

/** PATCH /catalog/games/:guid: players see the change on their next request. */
export async function updateCatalogGame(guid: string, body: UpdateGameBody): Promise<AdminGame> {
  return (await staffApi().patch(`/catalog/games/${encodeURIComponent(guid)}`, { body, schema: adminGame })).payload;
}

type Snapshot = [QueryKey, GridPage<AdminGame> | undefined][];

const applyLocally = (game: AdminGame, body: UpdateGameBody): AdminGame => {
  const status = body.game_status ?? game.game_status;
  return {
    ...game,
    game_status: status,
    game_ordering: body.game_ordering ?? game.game_ordering,
    tag_guids: body.tag_guids ?? game.tag_guids,
    visible: status === "active" && game.studio_enabled,
  };
};

/**
 * Optimistic: every loaded page showing the game changes at once; a refusal puts the pages back as
 * they were and says why; either way the lists are fetched again to show the server's truth.
 */
export function useUpdateCatalogGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ guid, body }: { guid: string; body: UpdateGameBody; label: string }) =>
      updateCatalogGame(guid, body),
    onMutate: async ({ guid, body }): Promise<{ snapshot: Snapshot }> => {
      await queryClient.cancelQueries({ queryKey: CATALOG_GAMES_KEY });
      const snapshot = queryClient.getQueriesData<GridPage<AdminGame>>({ queryKey: CATALOG_GAMES_KEY });
      queryClient.setQueriesData<GridPage<AdminGame>>({ queryKey: CATALOG_GAMES_KEY }, (page) =>
        page ? { ...page, items: page.items.map((g) => (g.guid === guid ? applyLocally(g, body) : g)) } : page,
      );
      return { snapshot };
    },
    onError: (error, { label }, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      if (!isHandled(error)) toast.error(`${label}: ${errorMessageOf(error)}`);
    },
    onSuccess: (_game, { label }) => toast.success(label),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CATALOG_GAMES_KEY }),
  });
}
