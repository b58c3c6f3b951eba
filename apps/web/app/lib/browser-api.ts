import type { Api } from "./api-get";
import { ACCESS_TOKEN_COOKIE } from "./auth-state";
import { parseCookies } from "./cookies";
import { toastServerError } from "./toasts";

let api: Api | undefined;

/** Same-origin fetch with the player's bearer token. */
export function getBrowserApi(): Api {
  api ??= {
    origin: typeof window === "undefined" ? "http://localhost" : window.location.origin,
    fetch: (request) => fetch(request),
    onServerError: () => toastServerError(),
    headers: () => {
      const headers = new Headers();
      if (typeof document === "undefined") return headers;
      const token = parseCookies(document.cookie).get(ACCESS_TOKEN_COOKIE);
      if (token) headers.set("authorization", `Bearer ${token}`);
      return headers;
    },
  };
  return api;
}

/** The API for hooks. Queries never run during SSR (they read the dehydrated cache), so this is the browser's. */
export function useApi(): Api {
  return getBrowserApi();
}
