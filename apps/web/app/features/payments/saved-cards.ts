import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BillingCard, BillingCardInput } from "@croupier/contract/entities/card";
import { playerApi } from "../../lib/player-api";

/** GET /billing/cards: the player's saved cards, masked. */
export async function fetchSavedCards(signal?: AbortSignal): Promise<BillingCard[]> {
  return (await playerApi().get<BillingCard[]>("/api/v1/billing/cards", { signal })).payload;
}

export const savedCardsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ["payments", "cards", userId] as const,
    queryFn: ({ signal }) => fetchSavedCards(signal),
    enabled: userId !== null,
  });

export function useSavedCards(userId: string | null) {
  return useQuery(savedCardsQueryOptions(userId));
}

/** POST /billing/card: the provider tokenises the number; the answer holds only the masked card. */
export async function addSavedCard(input: BillingCardInput): Promise<BillingCard> {
  return (await playerApi().post<BillingCard>("/api/v1/billing/card", { body: input })).payload;
}

/** DELETE /billing/card/{guid}. */
export async function removeSavedCard(guid: string): Promise<void> {
  await playerApi().delete(`/api/v1/billing/card/${encodeURIComponent(guid)}`);
}

/** "Visa •••• 4242 · 12/28". */
export function cardLabel(card: Pick<BillingCard, "card_number" | "expiration_month" | "expiration_year">): string {
  const last4 = card.card_number.slice(-4);
  const brand = card.card_number.startsWith("4")
    ? "Visa"
    : /^5[1-5]|^2[2-7]/.test(card.card_number)
      ? "Mastercard"
      : "Card";
  const expiry = `${String(card.expiration_month).padStart(2, "0")}/${String(card.expiration_year).slice(-2)}`;
  return `${brand} •••• ${last4} · ${expiry}`;
}
