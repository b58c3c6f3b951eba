import { ResponseError } from "@croupier/contract/api-client";

/** A message safe to show for a failed call. */
export function gameErrorMessage(error: unknown): string {
  if (error instanceof ResponseError) return error.payload.message || "Unexpected error";
  return "The game could not be opened. Check your connection and try again.";
}
