import { useCallback, useMemo, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { clientAuth, type ClientAuthState } from "./client-auth";

type RootData = { authenticated: boolean; userId: string | null } | undefined;

/**
 * Whether the player is logged in: as the server saw it for this page while rendering and
 * hydrating, then live (login, logout, refresh and 401/403 update it without a reload).
 */
export function useAuth(): ClientAuthState {
  const data = useRouteLoaderData("root") as RootData;
  const authenticated = data?.authenticated ?? false;
  const userId = data?.userId ?? null;
  const server = useMemo(() => ({ authenticated, userId }), [authenticated, userId]);
  const getServerSnapshot = useCallback(() => server, [server]);
  return useSyncExternalStore(clientAuth.subscribe, clientAuth.snapshot, getServerSnapshot);
}
