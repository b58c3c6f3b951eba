import { HydrationBoundary, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Route } from "./+types/promo";
import { bonusesRootKey, hubBonusesQueryOptions, hubLabelsQueryOptions } from "../../features/bonuses/bonuses-api";
import { hubFiltersFromSearch, PromoView } from "../../features/bonuses/promo-view";
import { useFeatureFlag } from "../../features/feature-flags/feature-flags-provider";
import { MyPromoCodes } from "../../features/promo-codes/my-promo-codes";
import { PromoCodeForm } from "../../features/promo-codes/promo-code-form";
import { useWallets } from "../../features/wallet/wallets";
import type { Api } from "../../lib/api-get";
import { getBrowserApi } from "../../lib/browser-api";
import { clientAuth } from "../../lib/client-auth";
import { dehydrateQueries, getBrowserQueryClient } from "../../lib/query-client";
import { apiContext, authContext, queryClientContext } from "../../lib/router-context";

/**
 * The offers and labels the first screen paints. A failed load is not the page's failure: the view
 * shows its own error with a retry, so the loader swallows it and ships nothing for that query.
 */
async function loadPromo(client: QueryClient, api: Api, userId: string | null, search: URLSearchParams) {
  const offers = hubBonusesQueryOptions(api, userId, hubFiltersFromSearch(search));
  const labels = hubLabelsQueryOptions(api);
  await Promise.all([client.prefetchQuery(offers), client.prefetchQuery(labels)]);
  return [offers.queryKey, labels.queryKey];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const client = context.get(queryClientContext);
  const keys = await loadPromo(client, context.get(apiContext), context.get(authContext).userId, url.searchParams);
  return { dehydratedState: dehydrateQueries(client, keys) };
}

// Client navigations read the API from the browser through the tab's query cache.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const snapshot = clientAuth.snapshot();
  await loadPromo(getBrowserQueryClient(), getBrowserApi(), snapshot.authenticated ? snapshot.userId : null, new URL(request.url).searchParams);
  return { dehydratedState: null };
}

export function meta() {
  return [{ title: "Promotions · Bonus hub · Croupier" }];
}

export default function BonusHubPromo({ loaderData }: Route.ComponentProps) {
  const { active } = useWallets();
  const queryClient = useQueryClient();
  const coinShop = useFeatureFlag("caswino-coin");
  return (
    <HydrationBoundary state={loaderData.dehydratedState ?? undefined}>
      <div className="mb-8 grid gap-4 lg:grid-cols-2">
        {/* A redeemed code is a new bonus: the offers' eligibility and my bonuses change with it. */}
        <PromoCodeForm onRedeemed={() => void queryClient.invalidateQueries({ queryKey: bonusesRootKey })} />
        <MyPromoCodes />
      </div>
      <PromoView preferredCurrency={active?.currency.code ?? null} coinShop={coinShop} />
    </HydrationBoundary>
  );
}
