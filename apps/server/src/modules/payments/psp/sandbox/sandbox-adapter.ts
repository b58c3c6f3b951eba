import type { Db } from "@croupier/db/create-database";
import type { Env } from "../../../../env.ts";
import type { PaymentProvider, SavedCardData, WebhookEvent } from "../payment-provider.ts";
import { tokenizeSandboxCard } from "./sandbox-cards.ts";
import { cancelSandboxCheckout, createSandboxCheckout } from "./sandbox-checkout.ts";
import { sandboxDepositAddress } from "./sandbox-crypto.ts";
import { cancelSandboxPayout, createSandboxPayout } from "./sandbox-payouts.ts";
import { SANDBOX_SIGNATURE_HEADER, verifySandboxSignature } from "./sandbox-webhooks.ts";

export class CardRefusedError extends Error {}

/**
 * The platform's adapter for the built-in sandbox PSP. The sandbox runs in
 * this process, so the adapter calls its functions where a real adapter
 * would call the PSP's HTTP API; everything else (hosted page, signed
 * webhooks with retries, asynchronous payouts) behaves like a real PSP.
 */
export function createSandboxProvider(deps: { db: Db; env: Env }): PaymentProvider {
  const { db, env } = deps;
  return {
    adapter: "sandbox",

    async createDeposit(input) {
      const guid = await createSandboxCheckout(db, input);
      // The sandbox's pages are served by this process: on the origin the player returns to (the platform
      // checked it is ours), so a player on http://127.0.0.1:PORT stays there and keeps their session.
      return { externalId: guid, redirectUrl: new URL(`/sandbox-psp/checkout/${guid}`, input.returnUrl).toString() };
    },

    cancelDeposit: (externalId) => cancelSandboxCheckout(db, externalId),

    async createDepositAddress(input) {
      return sandboxDepositAddress(env.SANDBOX_PSP_SECRET, input);
    },

    async tokenizeCard(input) {
      const result = await tokenizeSandboxCard(db, input);
      if (!result.ok) throw new CardRefusedError(result.error);
      const { behaviour: _behaviour, ...card } = result.card;
      return card;
    },

    async createPayout(input) {
      const destination =
        input.destination.type === "card"
          ? `card:${input.destination.token}`
          : `crypto:${input.destination.network}:${input.destination.address}${input.destination.destinationTag ? `:${input.destination.destinationTag}` : ""}`;
      const externalId = await createSandboxPayout(db, {
        reference: input.reference,
        amount: input.amount,
        currencyCode: input.currencyCode,
        destination,
        delayMs: env.SANDBOX_PSP_PAYOUT_DELAY_MS,
      });
      return { externalId };
    },

    cancelPayout: (externalId) => cancelSandboxPayout(db, externalId),

    verifyWebhook(rawBody, headers) {
      if (!verifySandboxSignature(env.SANDBOX_PSP_SECRET, rawBody, headers[SANDBOX_SIGNATURE_HEADER])) return null;
      try {
        return toWebhookEvent(JSON.parse(rawBody.toString("utf8")) as SandboxWebhookBody);
      } catch {
        return null;
      }
    },
  };
}

type SandboxWebhookBody = { id: string; type: string; data: Record<string, unknown> };

const str = (v: unknown) => (typeof v === "string" ? v : String(v ?? ""));

function toWebhookEvent(body: SandboxWebhookBody): WebhookEvent | null {
  const d = body.data ?? {};
  const eventId = str(body.id);
  if (!eventId) return null;
  switch (body.type) {
    case "checkout.succeeded":
      return {
        eventId,
        type: "deposit.succeeded",
        reference: str(d.merchant_reference),
        amount: str(d.amount),
        currencyCode: str(d.currency),
        card: toSavedCard(d.card),
      };
    case "checkout.declined":
      return { eventId, type: "deposit.failed", reference: str(d.merchant_reference), reason: str(d.reason || "declined") };
    case "crypto.transfer.updated":
      return {
        eventId,
        type: "crypto.transfer",
        txHash: str(d.tx_hash),
        address: str(d.address),
        destinationTag: d.destination_tag ? str(d.destination_tag) : null,
        network: str(d.network),
        currencyCode: str(d.currency),
        amount: str(d.amount),
        confirmations: Number(d.confirmations),
        requiredConfirmations: Number(d.required_confirmations),
      };
    case "payout.paid":
      return { eventId, type: "payout.paid", reference: str(d.merchant_reference) };
    case "payout.failed":
      return { eventId, type: "payout.failed", reference: str(d.merchant_reference), reason: str(d.reason || "failed") };
    default:
      return null;
  }
}

function toSavedCard(value: unknown): SavedCardData | null {
  if (!value || typeof value !== "object") return null;
  const c = value as Record<string, unknown>;
  return {
    token: str(c.token),
    bin: str(c.bin),
    last4: str(c.last4),
    brand: str(c.brand),
    holder: str(c.holder),
    expMonth: Number(c.exp_month),
    expYear: Number(c.exp_year),
  };
}
