import { queryOptions } from "@tanstack/react-query";
import type { Game } from "@croupier/contract/entities/game";
import type { Provider } from "@croupier/contract/entities/provider";
import { apiGet, type Api } from "../../lib/api-get";
import { routeName } from "../../lib/route-name";

export type GameSummary = Pick<
  Game,
  "guid" | "external_guid" | "game_name" | "game_background_image" | "game_icon" | "can_demo" | "currency_guids"
> & { provider_name: string };

const PER_PAGE = 200;

/**
 * The catalogue game behind /game/{provider_name}/{game_name}: the studio whose route name
 * matches, then that studio's games narrowed by the longest word of the game's route name
 * (a substring of the name whatever the punctuation), matched exactly on the route name.
 */
export async function findGameByRoute(api: Api, providerName: string, gameName: string): Promise<GameSummary | null> {
  const providerKey = providerName.toLowerCase();
  const gameKey = gameName.toLowerCase();
  const providers = await apiGet<Provider[]>(api, "/api/v1/catalog/providers");
  const provider = providers.find((p) => routeName(p.name) === providerKey);
  if (!provider) return null;
  const word = gameKey
    .split("-")
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)[0];
  const games = await apiGet<Game[]>(api, "/api/v1/catalog/games", {
    query: { provider_guid: provider.guid, game_name: word?.slice(0, 64), per_page: PER_PAGE },
  });
  const game = games.find((g) => routeName(g.game_name) === gameKey);
  if (!game) return null;
  return {
    guid: game.guid,
    external_guid: game.external_guid,
    game_name: game.game_name,
    game_background_image: game.game_background_image,
    game_icon: game.game_icon,
    can_demo: game.can_demo,
    currency_guids: game.currency_guids,
    provider_name: provider.name,
  };
}

export const gameLookupQueryOptions = (api: Api, providerName: string, gameName: string) =>
  queryOptions({
    queryKey: ["game", "lookup", providerName.toLowerCase(), gameName.toLowerCase()] as const,
    queryFn: () => findGameByRoute(api, providerName, gameName),
    staleTime: 60_000,
  });
