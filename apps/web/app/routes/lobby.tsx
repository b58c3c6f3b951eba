import { hashKey, HydrationBoundary, type DehydratedState, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { data } from "react-router";
import type { Route } from "./+types/lobby";
import type { DeviceKind, LobbyEntry, LobbySection } from "../features/catalog/catalog-types";
import { favoritesQueryOptions, fetchFavorites } from "../features/catalog/favorites";
import { fetchGames, gamesPageQuery, gamesPageQueryOptions } from "../features/catalog/games";
import { fetchLobbyPage, firstPaintRows, lobbyPageQueryOptions } from "../features/catalog/lobby-page";
import { LobbyView, sectionTitle } from "../features/catalog/lobby-view";
import { fetchProviders, providersQueryOptions } from "../features/catalog/providers";
import { gridScope, resolveFilter, sectionProviders, sectionSystemTag } from "../features/catalog/resolve-filter";
import { fetchTags, tagsQueryOptions } from "../features/catalog/tags";
import type { Api } from "../lib/api-get";
import { getBrowserApi } from "../lib/browser-api";
import { clientAuth } from "../lib/client-auth";
import { deviceClassFromWidth } from "../lib/device-class";
import { deviceKindFromUserAgent } from "../lib/page-variant.server";
import { dehydrateQueries, getBrowserQueryClient } from "../lib/query-client";
import { cachedPublic } from "../lib/public-cache.server";
import { apiContext, authContext, queryClientContext } from "../lib/router-context";

function sectionOf(pathname: string): LobbySection {
  const first = pathname.split("/")[1];
  return first === "live" || first === "slots" ? first : "home";
}

type Memo = <T>(key: string, load: () => Promise<T>) => Promise<T>;
const noMemo: Memo = (_key, load) => load();

type LobbyRequest = {
  pathname: string;
  filter: string | undefined;
  device: DeviceKind;
  /** The player's id (favourites), null for a visitor. */
  userId: string | null;
  memo?: Memo;
};

/**
 * Tags, studios, the player's favourites and either the section's rows or the first page of the
 * filter's grid: everything the first screen paints. A filter segment naming nothing is a 404.
 */
async function loadLobby(client: QueryClient, api: Api, request: LobbyRequest) {
  const { device, userId, memo = noMemo } = request;
  const section = sectionOf(request.pathname);
  const keys: QueryKey[] = [];
  const ensure = <T,>(options: { queryKey: QueryKey; queryFn: () => Promise<T> }, memoKey?: string): Promise<T> => {
    keys.push(options.queryKey);
    const load = options.queryFn;
    return client.ensureQueryData({ queryKey: options.queryKey, queryFn: memoKey ? () => memo(memoKey, load) : load }) as Promise<T>;
  };

  const tagsOptions = tagsQueryOptions(api);
  const providersOptions = providersQueryOptions(api, device);
  const favoritesOptions = favoritesQueryOptions(() => api.client, userId, device);
  const pageOptions = lobbyPageQueryOptions(api, section, device);
  const [tags, providers] = await Promise.all([
    ensure({ queryKey: tagsOptions.queryKey, queryFn: () => fetchTags(api) }, "tags"),
    ensure({ queryKey: providersOptions.queryKey, queryFn: () => fetchProviders(api, device) }, `providers:${device}`),
    userId ? ensure({ queryKey: favoritesOptions.queryKey, queryFn: () => fetchFavorites(api.client, device) }) : null,
    request.filter ? null : ensure({ queryKey: pageOptions.queryKey, queryFn: () => fetchLobbyPage(api, section, device) }, `page:${section}:${device}`),
  ]);

  const systemTag = sectionSystemTag(tags, section);
  const filter = request.filter
    ? resolveFilter(tags, request.filter, sectionProviders(providers, systemTag), { favorites: userId !== null, systemTag })
    : null;
  if (request.filter && !filter) throw data(null, { status: 404, statusText: "Page Not Found" });

  const scope = filter ? gridScope(filter, systemTag) : null;
  if (scope) {
    const options = gamesPageQueryOptions(api, scope, device, 1);
    const load = () => fetchGames(api, gamesPageQuery(scope, device, 1));
    await ensure({ queryKey: options.queryKey, queryFn: load }, `games:${JSON.stringify(options.queryKey)}`);
  }
  return { section, filter, device, keys, pageKey: request.filter ? null : pageOptions.queryKey };
}

/**
 * The dehydrated lobby page cut to what the server's HTML shows (firstPaintRows) and marked stale
 * (updated at 0), so the browser fetches the whole page once hydrated instead of the HTML carrying
 * every row's games twice, as markup and as data (issue #20, ADR 044).
 */
function firstPaintState(state: DehydratedState, pageKey: QueryKey | null): DehydratedState {
  if (!pageKey) return state;
  const hash = hashKey(pageKey);
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.queryHash === hash && Array.isArray(query.state.data)
        ? { ...query, state: { ...query.state, data: firstPaintRows(query.state.data as LobbyEntry[]), dataUpdatedAt: 0 } }
        : query,
    ),
  };
}

// Tags and studios are the same for everyone; a visitor's pages too (a player's carry favourites, so they are never shared).
const PUBLIC_TTL_MS = 15_000;
const worthKeeping = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value !== null);

export async function loader({ context, params, url, request }: Route.LoaderArgs) {
  const client = context.get(queryClientContext);
  const api = context.get(apiContext);
  const userId = context.get(authContext).userId;
  const visitor = userId === null;
  const memo: Memo = (key, load) =>
    key === "tags" || key.startsWith("providers:") || visitor ? cachedPublic(key, PUBLIC_TTL_MS, load, worthKeeping) : load();
  const { keys, pageKey, ...result } = await loadLobby(client, api, {
    pathname: url.pathname,
    filter: params.filter,
    device: deviceKindFromUserAgent(request.headers.get("user-agent")),
    userId,
    memo,
  });
  return { ...result, dehydratedState: firstPaintState(dehydrateQueries(client, keys), pageKey) };
}

// Client navigations read the API from the browser (same origin) through the tab's query cache.
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const device: DeviceKind = deviceClassFromWidth(window.innerWidth) === "desktop" ? "desktop" : "mobile";
  const { keys: _keys, pageKey: _pageKey, ...result } = await loadLobby(getBrowserQueryClient(), getBrowserApi(), {
    pathname: new URL(request.url).pathname,
    filter: params.filter,
    device,
    userId: clientAuth.snapshot().authenticated ? clientAuth.snapshot().userId : null,
  });
  return { ...result, dehydratedState: null };
}

function filterName(filter: NonNullable<Route.ComponentProps["loaderData"]["filter"]>) {
  return filter.kind === "tag" ? filter.tag.name : filter.provider.name;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Page Not Found · Croupier" }];
  const title = loaderData.filter ? `${filterName(loaderData.filter)} · ${sectionTitle(loaderData.section)}` : sectionTitle(loaderData.section);
  // A route's meta replaces the root's: the description is the page's own (search results show it).
  return [{ title: `${title} · Croupier` }, { name: "description", content: `${title} at Croupier: live dealer games and slots. Play responsibly: 18+.` }];
}

export default function Lobby({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState ?? undefined}>
      <LobbyView section={loaderData.section} filter={loaderData.filter} device={loaderData.device} />
    </HydrationBoundary>
  );
}
