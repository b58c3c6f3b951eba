/**
 * What the platform needs from a payment service provider. Real PSPs plug in
 * as adapters implementing this type; the built-in sandbox is one of them.
 * Amounts are decimal strings in the currency's own unit.
 */
export type PaymentProvider = {
  /** payment_systems.adapter */
  readonly adapter: string;

  /** A hosted payment page for a card deposit; the player is redirected there. */
  createDeposit(input: {
    reference: string;
    amount: string;
    currencyCode: string;
    returnUrl: string;
    declinedUrl: string;
    /** A saved card's provider token. */
    cardToken?: string | null;
  }): Promise<{ externalId: string; redirectUrl: string }>;

  /** Withdraws a deposit that has not been paid yet; "too_late" once the PSP captured it. */
  cancelDeposit(externalId: string): Promise<"cancelled" | "too_late">;

  /** A deposit address for one wallet, currency and network (stable: the platform stores it). */
  createDepositAddress(input: {
    walletGuid: string;
    currencyCode: string;
    network: string;
    requiresDestinationTag: boolean;
  }): Promise<{ address: string; destinationTag: string | null }>;

  /**
   * Server-to-server tokenisation for POST /billing/card. The number and the
   * CVV pass through memory only; the answer is all the platform keeps.
   */
  tokenizeCard(input: { cardNumber: string; expMonth: number; expYear: number; holder: string }): Promise<CardToken>;

  /** Sends money out. Asynchronous: the outcome arrives as a payout webhook. Idempotent on reference. */
  createPayout(input: {
    reference: string;
    amount: string;
    currencyCode: string;
    destination: { type: "card"; token: string } | { type: "crypto"; address: string; network: string; destinationTag: string | null };
  }): Promise<{ externalId: string }>;

  /** Stops a payout that has not been paid yet. */
  cancelPayout(externalId: string): Promise<"cancelled" | "too_late">;

  /** Checks the signature of a webhook's raw body and parses it; null when the signature is bad. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent | null;
};

export type CardToken = { token: string; bin: string; last4: string; brand: string };

/** Webhook events in the platform's vocabulary (each adapter maps its PSP's own). */
export type WebhookEvent = { eventId: string } & (
  | { type: "deposit.succeeded"; reference: string; amount: string; currencyCode: string; card?: SavedCardData | null }
  | { type: "deposit.failed"; reference: string; reason: string }
  | {
      type: "crypto.transfer";
      txHash: string;
      address: string;
      destinationTag: string | null;
      network: string;
      currencyCode: string;
      amount: string;
      confirmations: number;
      requiredConfirmations: number;
    }
  | { type: "payout.paid"; reference: string }
  | { type: "payout.failed"; reference: string; reason: string }
);

/** A card the player chose to save on the provider's page. */
export type SavedCardData = CardToken & { holder: string; expMonth: number; expYear: number };
