import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { RouteErrorBoundary } from "./components/route-error-boundary";
import { RouteRules } from "./components/route-rules";
import { FeatureFlagsProvider } from "./features/feature-flags/feature-flags-provider";
import { ALL_OFF } from "./features/feature-flags/feature-names";
import { resolveFeatureFlags } from "./features/feature-flags/resolve-feature-flags.server";
import { IdentityRuntime } from "./features/identity/identity-runtime";
import { identityProviders } from "./features/identity/identity-providers.server";
import { loadProfileForPage } from "./features/identity/load-profile.server";
import { RealtimeProvider } from "./features/realtime/realtime-provider";
import { DeferredRuntimes } from "./components/deferred-runtimes";
import { LazyToaster } from "./components/lazy-toaster";
import { pageSetCookies } from "./components/page-cookies";
import { WalletRuntime } from "./features/wallet/wallet-runtime";
import { ConsentRuntime } from "./features/consent/consent-runtime";
import { CONSENT_HINT_SCRIPT } from "./features/consent/consent-hint";
import { FIRST_INTERACTION_SCRIPT } from "./features/external-services/start-after-interaction";
import { promoPopupsConfig } from "./features/promo-popups/promo-popups-config.server";
import { authStateFromRequest } from "./lib/auth-state";
import { clientAuth } from "./lib/client-auth";
import { useAuth } from "./lib/use-auth";
import { BTAG_COOKIE, BTAG_COOKIE_MAX_AGE, BTAG_PARAM, serializeCookie } from "./lib/cookies";
import { ModalHost } from "./modals/modal-host";
import { toSearch } from "./lib/modal-params";
import { useNonce } from "./lib/nonce";
import { getBrowserQueryClient, makeQueryClient } from "./lib/query-client";
import { apiContext, apiFetchContext, authContext, queryClientContext } from "./lib/router-context";
import { createServerApi } from "./lib/server-api";

/**
 * Every server request: its own QueryClient and API (acting as the player), the player's auth
 * state, btag capture (cookie, then the address without it) and the 365-day locale cookie.
 */
const requestSetup: Route.MiddlewareFunction = async ({ request, context, url }, next) => {
  const btag = url.searchParams.get(BTAG_PARAM);
  if (btag !== null) {
    const clean = new URLSearchParams(url.searchParams);
    clean.delete(BTAG_PARAM);
    throw redirect(url.pathname + toSearch(clean), {
      status: 302,
      headers: { "set-cookie": serializeCookie(BTAG_COOKIE, btag.slice(0, 200), { maxAgeSeconds: BTAG_COOKIE_MAX_AGE }) },
    });
  }
  context.set(queryClientContext, makeQueryClient(true));
  context.set(apiContext, createServerApi(request, context.get(apiFetchContext)));
  context.set(authContext, authStateFromRequest(request.headers));

  const response = await next();
  // fid, the feature-status gate's segment cookie and the locale: from the request alone (the host's page cache sets the same).
  for (const cookie of pageSetCookies(url, request.headers.get("cookie")))
    response.headers.append("set-cookie", cookie);
  return response;
};

export const middleware: Route.MiddlewareFunction[] = [requestSetup];

export async function loader({ context }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const api = context.get(apiContext);
  const [flags, profile] = await Promise.all([resolveFeatureFlags(api, auth.userId), loadProfileForPage(api, auth.authenticated)]);
  // The profile paints the player's name in the header on the first render; providers fill the login dialog.
  return {
    flags,
    authenticated: auth.authenticated,
    userId: auth.userId,
    profile,
    identityProviders: identityProviders(),
    // The promo pop-ups' public runtime configuration (PUBLIC_REGISTER_PROMO_*, PUBLIC_DEPOSIT_PROMO_*).
    promoPopups: promoPopupsConfig(),
  };
}

// Flags and auth are read once per page load; later changes (login, logout) revalidate explicitly.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  // The installable app (issue #19, ADR 026).
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export function meta() {
  return [
    { title: "Croupier — live casino and slots" },
    { name: "description", content: "Live dealer games and slots. Play responsibly: 18+." },
  ];
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // The bonus-hub flag marks the page (seed): styles and scripts can tell which promotions area is live.
  const bonusHub = useRouteLoaderData<typeof loader>("root")?.flags["bonus-hub"] === true;
  return (
    <html lang="en" className="bg-ink-950" data-bonus-hub={bonusHub ? "on" : "off"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* Here, not in meta(): a route's meta replaces the root's, and every page needs it. */}
        <meta name="theme-color" content="#0c0f18" />
        {/* Before the stylesheets, so it never waits for them: a stored consent hides the banner, and the
            first interaction is remembered for the third-party services' start (ADR 045). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CONSENT_HINT_SCRIPT + FIRST_INTERACTION_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // The server renders with a fresh client per request (filled by HydrationBoundary); a tab keeps one.
  const [queryClient] = useState(() => (typeof window === "undefined" ? makeQueryClient(true) : getBrowserQueryClient()));
  useState(() => typeof window !== "undefined" && clientAuth.set(loaderData.authenticated, loaderData.userId));
  const auth = useAuth();
  return (
    <QueryClientProvider client={queryClient}>
      <FeatureFlagsProvider flags={loaderData.flags}>
        <RealtimeProvider>
          <RouteRules />
          <IdentityRuntime />
          <WalletRuntime />
          <ConsentRuntime />
          <Outlet />
          <ModalHost authenticated={auth.authenticated} />
          {/* Out of the first load (ADR 045): realtime bridge, first deposit, limit prompt, updates, PWA, trackers, promo pop-ups. */}
          <DeferredRuntimes promoPopups={loaderData.promoPopups} />
        </RealtimeProvider>
        <LazyToaster />
      </FeatureFlagsProvider>
    </QueryClientProvider>
  );
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <FeatureFlagsProvider flags={data?.flags ?? ALL_OFF}>
      <main id="main" className="px-4">
        <RouteErrorBoundary />
      </main>
    </FeatureFlagsProvider>
  );
}
