import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { toSearch, withModal } from "../../lib/modal-params";
import { playerApi } from "../../lib/player-api";
import { useAuth } from "../../lib/use-auth";
import type { CatalogGame, DeviceKind } from "./catalog-types";
import { favoritesQueryOptions, setFavorite } from "./favorites";

type Favorites = {
  games: CatalogGame[];
  has: (game: CatalogGame) => boolean;
  /** Adds or removes the game; a visitor is asked to log in instead (?modal=login). */
  toggle: (game: CatalogGame) => void;
};

const EMPTY: CatalogGame[] = [];
const FavoritesContext = createContext<Favorites>({ games: EMPTY, has: () => false, toggle: () => undefined });

export function FavoritesProvider({ device, children }: { device: DeviceKind; children: ReactNode }) {
  const { authenticated, userId } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const options = favoritesQueryOptions(playerApi, authenticated ? userId : null, device);
  const games = useQuery(options).data ?? EMPTY;
  const key = options.queryKey;

  const value = useMemo<Favorites>(() => {
    const ids = new Set(games.map((game) => game.guid));
    return {
      games,
      has: (game) => ids.has(game.guid),
      toggle: (game) => {
        if (!authenticated) {
          navigate(location.pathname + toSearch(withModal(new URLSearchParams(location.search), "login")), { preventScrollReset: true });
          return;
        }
        void setFavorite(queryClient, key, game, !ids.has(game.guid));
      },
    };
    // The key is rebuilt each render; its parts are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [games, authenticated, userId, device, queryClient, navigate, location.pathname, location.search]);

  return <FavoritesContext.Provider value={value}>{children}</FavoritesContext.Provider>;
}

export function useFavorites(): Favorites {
  return useContext(FavoritesContext);
}
