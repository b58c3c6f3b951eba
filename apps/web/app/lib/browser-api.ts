import type { Api } from "./api-get";
import { clientAuth } from "./client-auth";
import { toastServerError } from "./toasts";

let api: Api | undefined;

/** Same-origin fetch with the player's bearer token (held in memory by the identity feature). */
export function getBrowserApi(): Api {
  api ??= {
    origin: typeof window === "undefined" ? "http://localhost" : window.location.origin,
    fetch: (request) => fetch(request),
    onServerError: () => toastServerError(),
    headers: () => new Headers(),
    getAccessToken: () => clientAuth.accessToken(),
  };
  return api;
}

/** The API for hooks. Queries never run during SSR (they read the dehydrated cache), so this is the browser's. */
export function useApi(): Api {
  return getBrowserApi();
}
