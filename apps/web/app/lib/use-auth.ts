import { useRouteLoaderData } from "react-router";

type RootData = { authenticated: boolean; userId: string | null } | undefined;

/** Whether the player is logged in, as the server saw it for this page (identity keeps it current later). */
export function useAuth(): { authenticated: boolean; userId: string | null } {
  const data = useRouteLoaderData("root") as RootData;
  return { authenticated: data?.authenticated ?? false, userId: data?.userId ?? null };
}
