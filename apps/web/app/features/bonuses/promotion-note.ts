import type { HubBonus } from "@croupier/contract/entities/bonus";

/** What decides a note: whether the coin shop is on (the `caswino-coin` flag, passed down by the route). */
export type PromotionNoteOptions = { coinShop: boolean };

/**
 * What a cashback, rakeback or coin offer says instead of "You can get this bonus" (nothing to claim
 * here: the job pays cashback, rakeback is claimed on its page, a coin bonus is bought with coins),
 * and where to go for it. With the coin shop off its page answers 404, so a coin offer links nowhere
 * and says so. Null for the other types.
 */
export function promotionNote(
  offer: HubBonus,
  { coinShop }: PromotionNoteOptions,
): { text: string; link: { to: string; label: string } | null } | null {
  if (offer.bonus_type === "cashback")
    return { text: `Paid automatically ${offer.cashback_period === "daily" ? "each day" : "each week"} on your net losses.`, link: null };
  if (offer.bonus_type === "rakeback")
    return { text: "Earned on every stake; claim it whenever you like.", link: { to: "/bonus-hub/rakeback", label: "Go to Rakeback" } };
  if (offer.bonus_type === "coin")
    return coinShop
      ? { text: "Exchange your coins for it in the coin shop.", link: { to: "/bonus-hub/coin", label: "Go to the coin shop" } }
      : { text: "Coin bonuses are not available right now.", link: null };
  return null;
}
