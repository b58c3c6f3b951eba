import { createApiClient } from "@croupier/contract/api-client";
import type { Api, ApiFetch } from "./api-get";

// The in-process API ignores the host; any absolute origin works for building Request objects.
const INTERNAL_ORIGIN = "http://croupier.internal";
const FORWARDED = ["cookie", "authorization", "user-agent", "accept-language", "x-request-id", "x-forwarded-for"];

/**
 * Calls made while rendering act as the player who asked for the page: the host (web-app.ts)
 * puts a short-lived bearer token of the refresh cookie's session on the request (ADR 012).
 */
export function createServerApi(request: Request, apiFetch: ApiFetch): Api {
  const incoming = request.headers;
  const headers = () => {
    const forwarded = new Headers();
    for (const name of FORWARDED) {
      const value = incoming.get(name);
      if (value) forwarded.set(name, value);
    }
    return forwarded;
  };
  // No 401 or 5xx hook: the page renders what it can, and a 5xx goes to the log (console.error).
  return { client: createApiClient({ baseUrl: INTERNAL_ORIGIN, fetch: apiFetch, headers }) };
}
