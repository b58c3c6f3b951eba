import { FetchError, ResponseError } from "@croupier/contract/api-client";

/** One key per form submission: a retried or double-clicked submit never moves money twice. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export type PaymentFailure = {
  message: string;
  /** The account is suspended: no deposit (the server says PLAYER_BLOCKED). */
  suspended: boolean;
  /** The player must verify their identity first. */
  verificationRequired: boolean;
  /** A 5xx the API client already toasted. */
  alreadyShown: boolean;
  /** A withdrawal refused until the player confirms that it cancels their active bonus (409). */
  bonusForfeitNeeded: boolean;
};

/** The server's 409 text when a withdrawal would cancel the active bonus and was not confirmed. */
const FORFEIT_CONFIRMATION = /confirm to continue/i;

/** What to tell the player about a failed payment call. */
export function paymentFailure(error: unknown): PaymentFailure {
  const base = { suspended: false, verificationRequired: false, alreadyShown: false, bonusForfeitNeeded: false };
  if (error instanceof ResponseError) {
    if (error.status >= 500) return { ...base, message: error.payload.message || "The payment service is not available.", alreadyShown: true };
    const message = error.payload.message || "Unexpected error";
    return {
      ...base,
      message,
      suspended: error.code === "PLAYER_BLOCKED",
      verificationRequired: error.code === "FORBIDDEN" && /verif/i.test(message),
      bonusForfeitNeeded: error.status === 409 && FORFEIT_CONFIRMATION.test(message),
    };
  }
  if (error instanceof FetchError) return { ...base, message: "No connection. Check your network and try again." };
  return { ...base, message: "Unexpected error" };
}
