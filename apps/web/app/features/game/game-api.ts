import { createApiClient, ResponseError, type ApiClient } from "@croupier/contract/api-client";
import { clientAuth } from "../../lib/client-auth";
import { toastServerError } from "../../lib/toasts";

let client: ApiClient | undefined;

/** The product API from the game page (browser only): live access token, 401/403 → logged out, 5xx → toast. */
export function gameApi(): ApiClient {
  client ??= createApiClient({
    baseUrl: "/api/v1",
    getAccessToken: clientAuth.accessToken,
    onUnauthorized: () => clientAuth.unauthorized(),
    onServerError: () => toastServerError(),
  });
  return client;
}

/** A message safe to show for a failed call. */
export function gameErrorMessage(error: unknown): string {
  if (error instanceof ResponseError) return error.payload.message || "Unexpected error";
  return "The game could not be opened. Check your connection and try again.";
}
