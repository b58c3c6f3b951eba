import { createApiClient, ResponseError, type ApiClient } from "@croupier/contract/api-client";
import { clientAuth } from "../../lib/client-auth";
import { toastError, toastServerError } from "../../lib/toasts";

let client: ApiClient | undefined;

/** The product API as the player (browser only): live access token, 401/403 → logged out, 5xx → toast. */
export function walletApi(): ApiClient {
  client ??= createApiClient({
    baseUrl: "/api/v1",
    getAccessToken: clientAuth.accessToken,
    onUnauthorized: () => clientAuth.unauthorized(),
    onServerError: () => toastServerError(),
  });
  return client;
}

/**
 * The general error handler for wallet actions the player started: a failure the API client
 * already reacted to (401/403 logout, 5xx toast) stays quiet; anything else shows its message.
 */
export function reportWalletError(error: unknown) {
  console.warn("wallet action failed", error);
  if (error instanceof ResponseError) {
    if (!error.handled) toastError(error.payload.message || "Unexpected error");
    return;
  }
  toastError("Unexpected error");
}
