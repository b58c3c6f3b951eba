import { HydrationBoundary, type QueryClient } from "@tanstack/react-query";
import { replace } from "react-router";
import type { Route } from "./+types/promo";
import { BonusHubRedirectEffect } from "../components/bonus-hub-redirect-effect";
import { PageHeader } from "../components/page-header";
import { hubBonusesQueryOptions, hubLabelsQueryOptions } from "../features/bonuses/bonuses-api";
import { hubFiltersFromSearch, PromoView } from "../features/bonuses/promo-view";
import { getClientFeatureFlag, useFeatureFlag } from "../features/feature-flags/feature-flags-provider";
import { resolveFeatureFlags } from "../features/feature-flags/resolve-feature-flags.server";
import { useWallets } from "../features/wallet/wallets";
import type { Api } from "../lib/api-get";
import { bonusHubRedirect } from "../lib/bonus-hub-redirect";
import { getBrowserApi } from "../lib/browser-api";
import { clientAuth } from "../lib/client-auth";
import { isDocumentRequest } from "../lib/is-document-request";
import { dehydrateQueries, getBrowserQueryClient } from "../lib/query-client";
import { apiContext, authContext, queryClientContext } from "../lib/router-context";

/** The offers and labels of the first screen; a failed load leaves the view to show its error. */
async function loadPromo(client: QueryClient, api: Api, userId: string | null, search: URLSearchParams) {
  const offers = hubBonusesQueryOptions(api, userId, hubFiltersFromSearch(search));
  const labels = hubLabelsQueryOptions(api);
  await Promise.all([client.prefetchQuery(offers), client.prefetchQuery(labels)]);
  return [offers.queryKey, labels.queryKey];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const userId = context.get(authContext).userId;
  const flags = await resolveFeatureFlags(api, userId);
  const target = bonusHubRedirect({ pathname: url.pathname, search: url.search }, flags["bonus-hub"]);
  if (target && isDocumentRequest(request)) throw replace(target);
  if (target) return { redirectToBonusHub: true, dehydratedState: null };
  const client = context.get(queryClientContext);
  const keys = await loadPromo(client, api, userId, url.searchParams);
  return { redirectToBonusHub: false, dehydratedState: dehydrateQueries(client, keys) };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  if (bonusHubRedirect(url, getClientFeatureFlag("bonus-hub")) !== null) return { redirectToBonusHub: true, dehydratedState: null };
  const snapshot = clientAuth.snapshot();
  await loadPromo(getBrowserQueryClient(), getBrowserApi(), snapshot.authenticated ? snapshot.userId : null, url.searchParams);
  return { redirectToBonusHub: false, dehydratedState: null };
}

export function meta() {
  return [{ title: "Promotions · Croupier" }, { name: "description", content: "Bonuses and promotions at Croupier. Terms apply; play responsibly: 18+." }];
}

export default function Promo({ loaderData }: Route.ComponentProps) {
  const { active } = useWallets();
  const coinShop = useFeatureFlag("caswino-coin");
  if (loaderData.redirectToBonusHub) return <BonusHubRedirectEffect />;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Promotions" description="Deposit bonuses, free spins and tournaments run by this casino." />
      <HydrationBoundary state={loaderData.dehydratedState ?? undefined}>
        <PromoView preferredCurrency={active?.currency.code ?? null} coinShop={coinShop} />
      </HydrationBoundary>
    </div>
  );
}
