import { useQueryClient } from "@tanstack/react-query";
import { replace } from "react-router";
import type { Route } from "./+types/bonuses";
import { BonusHubRedirectEffect } from "../../components/bonus-hub-redirect-effect";
import { PageHeader } from "../../components/page-header";
import { MyBonusesView } from "../../features/bonuses/my-bonuses-view";
import { getClientFeatureFlag } from "../../features/feature-flags/feature-flags-provider";
import { resolveFeatureFlags } from "../../features/feature-flags/resolve-feature-flags.server";
import { refetchWallets } from "../../features/wallet/balance-events";
import { bonusHubRedirect } from "../../lib/bonus-hub-redirect";
import { isDocumentRequest } from "../../lib/is-document-request";
import { apiContext, authContext } from "../../lib/router-context";

// With the bonus-hub flag on, /account/bonuses (and anything under it) lives at
// /bonus-hub/my-bonuses (seed 000): the server answers a page load with the redirect; the browser
// moves a client navigation itself, hash included, replacing the history entry.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const flags = await resolveFeatureFlags(context.get(apiContext), context.get(authContext).userId);
  const target = bonusHubRedirect({ pathname: url.pathname, search: url.search }, flags["bonus-hub"]);
  if (target && isDocumentRequest(request)) throw replace(target);
  return { redirectToBonusHub: target !== null };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { redirectToBonusHub: bonusHubRedirect(new URL(request.url), getClientFeatureFlag("bonus-hub")) !== null };
}

export function meta() {
  return [{ title: "Bonuses · My account · Croupier" }];
}

export default function AccountBonuses({ loaderData }: Route.ComponentProps) {
  const queryClient = useQueryClient();
  if (loaderData.redirectToBonusHub) return <BonusHubRedirectEffect />;
  return (
    <>
      <PageHeader title="Bonuses" description="Bonuses you hold, with wagering progress and expiry." />
      <MyBonusesView onMoneyMoved={() => void refetchWallets(queryClient)} />
    </>
  );
}
