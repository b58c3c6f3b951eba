import { createApiClient, type ApiClient } from "@croupier/contract/api-client";
import { clientAuth } from "./client-auth";
import { toastServerError } from "./toasts";

// Every API client of the browser is built here, once per tab, with one origin rule: a path is
// written from the page's origin as the API lists it ("/api/v1/billing/wallets",
// "/api/feature-status"), the same paths the server-side render uses (server-api.ts).
const SAME_ORIGIN = "";

/** "1920*1080": the session log records the screen size of each login. */
function windowSizeHeader(): Record<string, string> {
  if (typeof screen === "undefined") return {};
  return { "window-size": `${screen.width}*${screen.height}` };
}

let player: ApiClient | undefined;
let session: ApiClient | undefined;

/**
 * The product API as the player, for every feature's fetchers: a live access token on every call
 * (the identity feature's token lifecycle, through clientAuth), 401 → logged out, 5xx → the
 * server-error toast (spec: 5 s).
 *
 * 403 does not log the player out: this API answers 401 for every refused token or session (ended,
 * locked account, invalid token) and 403 only to refuse the action itself (verify your identity
 * first, suspended account, blocked wallet, no demo mode), which the caller shows.
 */
export function playerApi(): ApiClient {
  player ??= createApiClient({
    baseUrl: SAME_ORIGIN,
    headers: windowSizeHeader,
    getAccessToken: () => clientAuth.accessToken(),
    onUnauthorized: (response) => {
      if (response.status === 401) clientAuth.unauthorized();
    },
    onServerError: () => toastServerError(),
  });
  return player;
}

/**
 * The session calls of the token lifecycle (refresh, anonymous session; ADR 012): no bearer token
 * and no 401 hook, since a refused refresh token is the lifecycle's business (it opens a new
 * session), not a reason to log the player out twice.
 */
export function sessionApi(): ApiClient {
  session ??= createApiClient({ baseUrl: SAME_ORIGIN, headers: windowSizeHeader });
  return session;
}
