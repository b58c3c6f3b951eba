import { replace } from "react-router";
import type { Route } from "./+types/promo";
import { BonusHubRedirectEffect } from "../components/bonus-hub-redirect-effect";
import { EmptyState } from "../components/empty-state";
import { ModalLink } from "../components/modal-link";
import { PageHeader } from "../components/page-header";
import { getClientFeatureFlag } from "../features/feature-flags/feature-flags-provider";
import { resolveFeatureFlags } from "../features/feature-flags/resolve-feature-flags.server";
import { bonusHubRedirect } from "../lib/bonus-hub-redirect";
import { isDocumentRequest } from "../lib/is-document-request";
import { useAuth } from "../lib/use-auth";
import { apiContext, authContext } from "../lib/router-context";

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
  return [{ title: "Promotions · Croupier" }];
}

export default function Promo({ loaderData }: Route.ComponentProps) {
  const { authenticated } = useAuth();
  if (loaderData.redirectToBonusHub) return <BonusHubRedirectEffect />;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Promotions" description="Deposit bonuses, free spins and tournaments run by this casino." />
      <EmptyState
        icon="promo"
        title="No promotions running right now"
        action={authenticated ? null : <ModalLink modal="register" className="btn-primary">Create an account</ModalLink>}
      >
        New offers are listed here the moment the casino publishes them.
      </EmptyState>
    </div>
  );
}
