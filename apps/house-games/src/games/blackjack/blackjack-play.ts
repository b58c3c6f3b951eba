import { FairStream, type SeedTriple } from "../../fairness/rng.ts";
import { decide, type Action } from "./blackjack-math.ts";
import { cardValue, handTotal, isBlackjack, RANKS, SUITS, type BlackjackRules } from "./blackjack-rules.ts";

/**
 * The blackjack round as a state machine over a card sequence that is fixed
 * by the seeds before the first card shows: card i of the round is always
 * the same, so a resumed round (or the verify page replaying the actions)
 * sees exactly the same cards. Stakes are counted in units of the base
 * stake per hand; the money layer multiplies.
 */
export type HandState = {
  cards: string[];
  /** Stake in base units: 1, or 2 after a double. */
  units: number;
  status: "playing" | "stood" | "bust" | "blackjack" | "surrendered";
  fromSplit: boolean;
  splitAces: boolean;
  /** Return in base units (stake included) once settled. */
  returns: number | null;
  result: "win" | "lose" | "push" | "blackjack" | "surrendered" | null;
};

export type BlackjackState = {
  hands: HandState[];
  dealer: string[];
  next: number;
  active: number;
  phase: "insurance" | "player" | "done";
  insurance: { offered: boolean; taken: boolean | null; returns: number | null; hands: number };
  actions: string[];
};

export type PlayerAction = Action | "insurance" | "no_insurance";

/** Card i of a round, drawn in order from the round's fair stream (so the same seeds always give the same shoe). */
export class CardSource {
  private readonly cards: string[] = [];
  private readonly stream: FairStream;
  constructor(seeds: SeedTriple) {
    this.stream = new FairStream(seeds);
  }
  at(index: number): string {
    while (this.cards.length <= index) this.cards.push(`${RANKS[this.stream.nextInt(13)]}${SUITS[this.stream.nextInt(4)]}`);
    return this.cards[index]!;
  }
}

export function deal(source: CardSource, handCount: number): BlackjackState {
  const state: BlackjackState = {
    hands: Array.from({ length: handCount }, () => ({ cards: [], units: 1, status: "playing", fromSplit: false, splitAces: false, returns: null, result: null })),
    dealer: [],
    next: 0,
    active: 0,
    phase: "player",
    insurance: { offered: false, taken: null, returns: null, hands: handCount },
    actions: [],
  };
  const draw = () => source.at(state.next++);
  for (const hand of state.hands) hand.cards.push(draw());
  state.dealer.push(draw());
  for (const hand of state.hands) hand.cards.push(draw());
  state.dealer.push(draw());
  for (const hand of state.hands) if (isBlackjack(hand.cards, false)) hand.status = "blackjack";
  if (cardValue(state.dealer[0]!) === 1) {
    state.insurance.offered = true;
    state.phase = "insurance";
    return state;
  }
  return afterPeek(source, state);
}

function dealerHasBlackjack(state: BlackjackState) {
  return isBlackjack(state.dealer, false);
}

function afterPeek(source: CardSource, state: BlackjackState): BlackjackState {
  state.phase = "player";
  const up = cardValue(state.dealer[0]!);
  if ((up === 1 || up === 10) && dealerHasBlackjack(state)) return finish(source, state, false);
  advance(source, state);
  return state;
}

export function allowedActions(rules: BlackjackRules, state: BlackjackState): PlayerAction[] {
  if (state.phase === "insurance") return ["insurance", "no_insurance"];
  if (state.phase !== "player") return [];
  const hand = state.hands[state.active]!;
  if (hand.status !== "playing") return [];
  const actions: PlayerAction[] = ["hit", "stand"];
  const { total, soft } = handTotal(hand.cards);
  const firstTwo = hand.cards.length === 2;
  if (firstTwo && (rules.doubleOn === null || (!soft && rules.doubleOn.includes(total)))) actions.push("double");
  if (firstTwo && !rules.noSplit && !hand.fromSplit && hand.cards[0]![0] === hand.cards[1]![0]) actions.push("split");
  if (firstTwo && !hand.fromSplit && rules.surrender && state.hands.length === 1) actions.push("surrender");
  return actions;
}

/** Applies one action; throws "ILLEGAL_ACTION" when it is not allowed now. */
export function applyAction(rules: BlackjackRules, source: CardSource, state: BlackjackState, action: PlayerAction): BlackjackState {
  if (!allowedActions(rules, state).includes(action)) throw new Error("ILLEGAL_ACTION");
  state.actions.push(action);
  const draw = () => source.at(state.next++);
  if (action === "insurance" || action === "no_insurance") {
    state.insurance.taken = action === "insurance";
    return afterPeek(source, state);
  }
  const hand = state.hands[state.active]!;
  switch (action) {
    case "hit":
      hand.cards.push(draw());
      if (handTotal(hand.cards).total > 21) hand.status = "bust";
      else if (handTotal(hand.cards).total === 21) hand.status = "stood";
      break;
    case "stand":
      hand.status = "stood";
      break;
    case "double":
      hand.units = 2;
      hand.cards.push(draw());
      hand.status = handTotal(hand.cards).total > 21 ? "bust" : "stood";
      break;
    case "surrender":
      hand.status = "surrendered";
      break;
    case "split": {
      const aces = cardValue(hand.cards[0]!) === 1;
      const second: HandState = { cards: [hand.cards[1]!], units: 1, status: "playing", fromSplit: true, splitAces: aces, returns: null, result: null };
      hand.cards = [hand.cards[0]!];
      hand.fromSplit = true;
      hand.splitAces = aces;
      state.hands.splice(state.active + 1, 0, second);
      hand.cards.push(draw());
      break;
    }
  }
  advance(source, state);
  return state;
}

/** Moves to the next hand that needs a decision (dealing the second card of split hands), or plays the dealer. */
function advance(source: CardSource, state: BlackjackState) {
  for (;;) {
    const hand = state.hands[state.active];
    if (!hand) break;
    if (hand.fromSplit && hand.cards.length === 1) hand.cards.push(source.at(state.next++));
    if (hand.status === "playing" && hand.splitAces) hand.status = "stood";
    if (hand.status === "playing" && handTotal(hand.cards).total === 21) hand.status = "stood";
    if (hand.status === "playing") return;
    state.active += 1;
  }
  finish(source, state, true);
}

function finish(source: CardSource, state: BlackjackState, dealerPlays: boolean): BlackjackState {
  state.phase = "done";
  const dealerBj = dealerHasBlackjack(state);
  const live = state.hands.some((hand) => hand.status === "stood");
  if (dealerPlays && live) {
    while (handTotal(state.dealer).total < 17) state.dealer.push(source.at(state.next++));
  }
  const dealer = handTotal(state.dealer).total;
  for (const hand of state.hands) {
    const total = handTotal(hand.cards).total;
    if (hand.status === "surrendered") [hand.returns, hand.result] = [0.5, "surrendered"];
    else if (hand.status === "blackjack") [hand.returns, hand.result] = dealerBj ? [1, "push"] : [2.5, "blackjack"];
    else if (dealerBj) [hand.returns, hand.result] = [0, "lose"];
    else if (hand.status === "bust" || total > 21) [hand.returns, hand.result] = [0, "lose"];
    else if (dealer > 21 || total > dealer) [hand.returns, hand.result] = [hand.units * 2, "win"];
    else if (total === dealer) [hand.returns, hand.result] = [hand.units, "push"];
    else [hand.returns, hand.result] = [0, "lose"];
    if (hand.status === "playing") hand.status = "stood";
  }
  // Insurance costs half a base stake per hand and pays 2:1 (returns 3 × half).
  if (state.insurance.taken) state.insurance.returns = dealerBj ? 1.5 * state.insurance.hands : 0;
  state.active = state.hands.length;
  return state;
}

/**
 * Resolves an interrupted round by the published rules (GLI-19 / AGCO / MGA
 * interruption rule, ADR 009): pending insurance is declined, every hand that
 * still takes decisions stands as it is (no further cards, no double, no
 * split), and the dealer plays out from the same card stream. The defaults are
 * recorded as ordinary actions ("no_insurance", "stand"), so the verify call
 * replays the round exactly, and walking away can never beat a choice the
 * player could have made at the table.
 */
export function standAllAndFinish(rules: BlackjackRules, source: CardSource, state: BlackjackState): BlackjackState {
  let current = state;
  if (current.phase === "insurance") current = applyAction(rules, source, current, "no_insurance");
  // Each stand closes one hand; the bound only guards against a corrupt state looping forever.
  for (let guard = 0; current.phase === "player" && guard <= current.hands.length + 1; guard += 1) current = applyAction(rules, source, current, "stand");
  if (current.phase !== "done") throw new Error("blackjack round could not be completed");
  return current;
}

/** Units staked so far: hands (doubles count twice) plus insurance. */
export function unitsStaked(state: BlackjackState): number {
  const hands = state.hands.reduce((sum, hand) => sum + hand.units, 0);
  return hands + (state.insurance.taken ? 0.5 * state.insurance.hands : 0);
}

export function unitsReturned(state: BlackjackState): number {
  return state.hands.reduce((sum, hand) => sum + (hand.returns ?? 0), 0) + (state.insurance.returns ?? 0);
}

/** The strategy the published RTP assumes (never insurance), for autoplay and simulation. */
export function strategyAction(rules: BlackjackRules, state: BlackjackState): PlayerAction {
  if (state.phase === "insurance") return "no_insurance";
  const hand = state.hands[state.active]!;
  const { total, soft } = handTotal(hand.cards);
  const allowed = allowedActions(rules, state);
  const pair = allowed.includes("split") ? cardValue(hand.cards[0]!) : null;
  const choice = decide(rules, { total, soft, pairValue: pair, fromSplit: hand.fromSplit, splitAces: hand.splitAces }, cardValue(state.dealer[0]!), hand.cards.length === 2).action;
  return allowed.includes(choice) ? choice : "stand";
}
