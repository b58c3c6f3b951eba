import { ResponseError } from "@croupier/contract/api-client";
import { toastError } from "../../lib/toasts";

/**
 * The general error handler for wallet actions the player started: a failure the player API
 * already reacted to (401 logout, 5xx toast) stays quiet; anything else, a 403 refusal included,
 * shows its message.
 */
export function reportWalletError(error: unknown) {
  console.warn("wallet action failed", error);
  if (error instanceof ResponseError) {
    if (error.status !== 401 && error.status < 500) toastError(error.payload.message || "Unexpected error");
    return;
  }
  toastError("Unexpected error");
}
