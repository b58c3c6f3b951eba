import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allowedActions,
  applyAction,
  CardSource,
  deal,
  standAllAndFinish,
  unitsStaked,
  type BlackjackState,
  type PlayerAction,
} from "./blackjack-play.ts";
import { CLASSIC_RULES, handTotal, type BlackjackRules } from "./blackjack-rules.ts";

const SERVER_SEED = "a1-interruption-test-server-seed";
const RULES: BlackjackRules = { doubleOn: null, surrender: true, maxHands: 3 };
const clone = (state: BlackjackState): BlackjackState => JSON.parse(JSON.stringify(state)) as BlackjackState;
const seedsOf = (nonce: number) => ({ serverSeed: SERVER_SEED, clientSeed: "interrupt", nonce });

/** The first nonce whose deal satisfies `wanted` (deterministic: fixed seeds). */
function findDeal(hands: number, wanted: (state: BlackjackState) => boolean) {
  for (let nonce = 0; nonce < 5_000; nonce += 1) {
    const state = deal(new CardSource(seedsOf(nonce)), hands);
    if (wanted(state)) return { nonce, state };
  }
  throw new Error("no such deal in 5000 nonces");
}

/** Replays a round from its seeds and recorded actions, as the verify call does. */
function replay(nonce: number, hands: number, actions: string[], rules = RULES) {
  const source = new CardSource(seedsOf(nonce));
  let state = deal(source, hands);
  for (const action of actions) state = applyAction(rules, source, state, action as PlayerAction);
  return state;
}

describe("standAllAndFinish: an interrupted hand stands and the dealer plays out", () => {
  it("a stiff hand stands as it is: no further card, the dealer draws to 17 from the same stream, the round settles", () => {
    const { nonce, state } = findDeal(
      1,
      (s) =>
        s.phase === "player" && handTotal(s.hands[0]!.cards).total >= 12 && handTotal(s.hands[0]!.cards).total <= 16,
    );
    const before = clone(state);
    const done = standAllAndFinish(RULES, new CardSource(seedsOf(nonce)), state);
    expect(done.phase).toBe("done");
    expect(done.hands[0]!.cards).toEqual(before.hands[0]!.cards);
    expect(done.hands[0]!.units).toBe(1);
    expect(done.actions).toEqual(["stand"]);
    expect(handTotal(done.dealer).total).toBeGreaterThanOrEqual(17);
    expect(done.dealer.slice(0, 2)).toEqual(before.dealer);
    expect(["win", "lose", "push"]).toContain(done.hands[0]!.result);
    // Exactly what standing at the table would have given.
    expect(done).toEqual(replay(nonce, 1, ["stand"]));
  });

  it("pending insurance counts as declined, then the hand stands", () => {
    const { nonce, state } = findDeal(
      1,
      (s) => s.phase === "insurance" && !s.hands.some((hand) => hand.status === "blackjack"),
    );
    const done = standAllAndFinish(RULES, new CardSource(seedsOf(nonce)), state);
    expect(done.phase).toBe("done");
    expect(done.insurance.taken).toBe(false);
    expect(done.insurance.returns).toBeNull();
    expect(done.actions[0]).toBe("no_insurance");
    expect(done).toEqual(replay(nonce, 1, done.actions));
    expect(unitsStaked(done)).toBe(1);
  });

  it("several hands (and the second hand of a split) all stand", () => {
    const { nonce, state } = findDeal(3, (s) => s.phase === "player" && allowedActions(RULES, s).includes("split"));
    const source = new CardSource(seedsOf(nonce));
    const split = applyAction(RULES, source, state, "split");
    const handsBefore = split.hands.length;
    const cardsBefore = split.hands.map((hand) => hand.cards.length);
    const done = standAllAndFinish(RULES, source, split);
    expect(done.phase).toBe("done");
    expect(done.hands).toHaveLength(handsBefore);
    // A split hand waiting for its second card gets it (dealt by the rules, not a decision); nothing else is drawn.
    done.hands.forEach((hand, i) => expect(hand.cards.length).toBeLessThanOrEqual(Math.max(2, cardsBefore[i]!)));
    expect(done).toEqual(replay(nonce, 3, done.actions));
  });

  it("a finished round is returned unchanged", () => {
    const { nonce, state } = findDeal(1, (s) => s.phase === "player");
    const source = new CardSource(seedsOf(nonce));
    const finished = applyAction(RULES, source, state, "stand");
    const copy = clone(finished);
    expect(standAllAndFinish(RULES, source, finished)).toEqual(copy);
  });

  it("property: from any point of any round, the result is the round completed by standing, stakes never grow and no hand gets a card by decision", () => {
    const actionsArb = fc.array(fc.nat(6), { maxLength: 6 });
    fc.assert(
      fc.property(
        fc.nat(100_000),
        fc.integer({ min: 1, max: 3 }),
        actionsArb,
        fc.constantFrom(RULES, CLASSIC_RULES),
        (nonce, hands, picks, rules) => {
          const source = new CardSource(seedsOf(nonce));
          let state = deal(source, Math.min(hands, rules.maxHands));
          for (const pick of picks) {
            const allowed = allowedActions(rules, state);
            if (allowed.length === 0) break;
            state = applyAction(rules, source, state, allowed[pick % allowed.length]!);
          }
          const before = clone(state);
          const done = standAllAndFinish(rules, source, state);
          expect(done.phase).toBe("done");
          expect(unitsStaked(done)).toBe(unitsStaked(before));
          expect(done.actions.slice(0, before.actions.length)).toEqual(before.actions);
          expect(
            done.actions
              .slice(before.actions.length)
              .every((action) => action === "stand" || action === "no_insurance"),
          ).toBe(true);
          for (const [i, hand] of before.hands.entries()) {
            if (hand.cards.length >= 2) expect(done.hands[i]!.cards).toEqual(hand.cards);
          }
          expect(done).toEqual(replay(nonce, Math.min(hands, rules.maxHands), done.actions, rules));
        },
      ),
      { numRuns: 300, seed: 13 },
    );
  });
});
