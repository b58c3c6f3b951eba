import { HydrationBoundary, type QueryClient } from "@tanstack/react-query";
import { data } from "react-router";
import type { Route } from "./+types/lobby";
import type { DeviceKind, LobbySection } from "../features/catalog/catalog-types";
import { fetchLobbyPage, lobbyPageQueryOptions } from "../features/catalog/lobby-page";
import { LobbyView, sectionTitle } from "../features/catalog/lobby-view";
import { resolveFilter } from "../features/catalog/resolve-filter";
import { fetchTags, tagsQueryOptions } from "../features/catalog/tags";
import type { Api } from "../lib/api-get";
import { getBrowserApi } from "../lib/browser-api";
import { deviceClassFromWidth } from "../lib/device-class";
import { dehydrateQueries, getBrowserQueryClient } from "../lib/query-client";
import { cachedPublic } from "../lib/public-cache.server";
import { apiContext, authContext, queryClientContext } from "../lib/router-context";

function sectionOf(pathname: string): LobbySection {
  const first = pathname.split("/")[1];
  return first === "live" || first === "slots" ? first : "home";
}

type Memo = <T extends unknown[]>(key: string, load: () => Promise<T>) => Promise<T>;
const noMemo: Memo = (_key, load) => load();

/** Loads tags and the section page; a filter segment naming no tag is a 404. */
async function loadLobby(client: QueryClient, api: Api, pathname: string, filter: string | undefined, device: DeviceKind, memo: Memo = noMemo) {
  const section = sectionOf(pathname);
  const tagsOptions = { ...tagsQueryOptions(api), queryFn: () => memo("tags", () => fetchTags(api)) };
  const pageOptions = {
    ...lobbyPageQueryOptions(api, section, device),
    queryFn: () => memo(`page:${section}:${device}`, () => fetchLobbyPage(api, section, device)),
  };
  const [tags] = await Promise.all([client.ensureQueryData(tagsOptions), client.ensureQueryData(pageOptions)]);
  const tag = filter ? resolveFilter(tags, filter) : null;
  if (filter && !tag) throw data(null, { status: 404, statusText: "Page Not Found" });
  return { section, filter: filter ?? null, filterName: tag?.name ?? null, device, keys: [tagsOptions.queryKey, pageOptions.queryKey] };
}

// Tags are the same for everyone; a visitor's lobby too (a player's carries favourites, so it is never shared).
const PUBLIC_TTL_MS = 15_000;

export async function loader({ context, params, url, request }: Route.LoaderArgs) {
  const client = context.get(queryClientContext);
  const mobile = /Mobi|Android|iPhone|iPad/i.test(request.headers.get("user-agent") ?? "");
  const visitor = context.get(authContext).userId === null;
  const memo: Memo = (key, load) =>
    key === "tags" || visitor ? cachedPublic(key, PUBLIC_TTL_MS, load, (value) => value.length > 0) : load();
  const { keys, ...result } = await loadLobby(client, context.get(apiContext), url.pathname, params.filter, mobile ? "mobile" : "desktop", memo);
  return { ...result, dehydratedState: dehydrateQueries(client, keys) };
}

// Client navigations read the API from the browser (same origin) through the tab's query cache.
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const device: DeviceKind = deviceClassFromWidth(window.innerWidth) === "desktop" ? "desktop" : "mobile";
  const { keys: _keys, ...result } = await loadLobby(getBrowserQueryClient(), getBrowserApi(), new URL(request.url).pathname, params.filter, device);
  return { ...result, dehydratedState: null };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Page Not Found · Croupier" }];
  const title = loaderData.filterName ? `${loaderData.filterName} · ${sectionTitle(loaderData.section)}` : sectionTitle(loaderData.section);
  return [{ title: `${title} · Croupier` }];
}

export default function Lobby({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState ?? undefined}>
      <LobbyView section={loaderData.section} filter={loaderData.filter} device={loaderData.device} />
    </HydrationBoundary>
  );
}
