export type BlackjackRules = {
  /** Double only on these hard totals (null = any first two cards). */
  doubleOn: number[] | null;
  surrender: boolean;
  maxHands: number;
  /** Live seats play hit/stand only: no split (nor double, via doubleOn = []), so the stake never grows after betting closes. */
  noSplit?: boolean;
};

export const LIVE_SEAT_RULES: BlackjackRules = { doubleOn: [], surrender: false, maxHands: 1, noSplit: true };

export const CLASSIC_RULES: BlackjackRules = { doubleOn: null, surrender: false, maxHands: 1 };

/** Card value 1 (ace) … 10; rank index 0 … 12 = A,2…9,T,J,Q,K. */
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"] as const;
export const SUITS = ["♠", "♥", "♦", "♣"] as const;

export function cardValue(card: string): number {
  const rank = card[0]!;
  if (rank === "A") return 1;
  if (rank === "T" || rank === "J" || rank === "Q" || rank === "K") return 10;
  return Number(rank);
}

export type HandTotal = { total: number; soft: boolean };

export function handTotal(cards: string[]): HandTotal {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    const value = cardValue(card);
    total += value;
    if (value === 1) aces += 1;
  }
  if (aces > 0 && total + 10 <= 21) return { total: total + 10, soft: true };
  return { total, soft: false };
}

export function isBlackjack(cards: string[], fromSplit: boolean): boolean {
  return !fromSplit && cards.length === 2 && handTotal(cards).total === 21;
}

export const RULE_LINES = (rules: BlackjackRules): string[] => [
  "Continuous shuffle: every card is drawn independently from a full 52-card deck (infinite-deck model), so the RTP below is exact.",
  "Dealer stands on all 17s (including soft 17) and peeks for blackjack with an ace or a ten showing.",
  "Blackjack pays 3:2; other wins 1:1; a dealer blackjack takes only the original stake.",
  rules.doubleOn === null ? "Double down on any first two cards, also after a split." : rules.doubleOn.length ? `Double down on hard ${rules.doubleOn.join(", ")} only, also after a split.` : "No doubling.",
  rules.noSplit ? "No splitting." : "Split once any two cards of equal rank; split aces get one card each; 21 after a split is not a blackjack.",
  "Insurance pays 2:1 when the dealer shows an ace (costs half the stake).",
  rules.surrender ? "Late surrender: give up half the stake after the dealer checks for blackjack." : "No surrender.",
  rules.maxHands > 1 ? `Play up to ${rules.maxHands} hands against one dealer; the stake is per hand.` : "One hand per round.",
];
