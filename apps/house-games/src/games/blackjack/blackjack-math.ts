import { Fraction } from "../../stats/fraction.ts";
import type { BlackjackRules } from "./blackjack-rules.ts";

/**
 * Exact expected value of blackjack under the infinite-deck model with the
 * optimal total-dependent strategy (the "basic strategy" this computes and
 * publishes). Card values 1…10 with p = 1/13 each, 4/13 for ten.
 */
const P: Fraction[] = [];
for (let v = 1; v <= 10; v += 1) P[v] = new Fraction(v === 10 ? 4 : 1, 13);
const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

export type Action = "stand" | "hit" | "double" | "split" | "surrender";

function add(total: number, soft: boolean, value: number): { total: number; soft: boolean } {
  let t = total + value;
  let s = soft;
  if (value === 1 && t + 10 <= 21) {
    t += 10;
    s = true;
  }
  if (t > 21 && s) {
    t -= 10;
    s = false;
  }
  return { total: t, soft: s };
}

/** Dealer's final total distribution (17–21, 22 = bust) given the up card and no dealer blackjack. */
const dealerCache = new Map<number, Map<number, Fraction>>();
export function dealerFinal(up: number): Map<number, Fraction> {
  const cached = dealerCache.get(up);
  if (cached) return cached;
  const result = new Map<number, Fraction>();
  const bump = (key: number, p: Fraction) => result.set(key, (result.get(key) ?? Fraction.ZERO).add(p));
  const play = (total: number, soft: boolean, p: Fraction) => {
    if (total > 21) return bump(22, p);
    if (total >= 17) return bump(total, p);
    for (const v of VALUES) play(...(Object.values(add(total, soft, v)) as [number, boolean]), p.mul(P[v]!));
  };
  const start = add(0, false, up);
  // The hole card cannot complete a blackjack (the dealer has peeked).
  const excluded = up === 1 ? 10 : up === 10 ? 1 : 0;
  const norm = excluded ? Fraction.ONE.sub(P[excluded]!) : Fraction.ONE;
  for (const v of VALUES) {
    if (v === excluded) continue;
    const next = add(start.total, start.soft, v);
    play(next.total, next.soft, P[v]!.div(norm));
  }
  dealerCache.set(up, result);
  return result;
}

function standEv(total: number, up: number): Fraction {
  if (total > 21) return new Fraction(-1);
  let ev = Fraction.ZERO;
  for (const [dealer, p] of dealerFinal(up)) {
    if (dealer === 22 || dealer < total) ev = ev.add(p);
    else if (dealer > total) ev = ev.sub(p);
  }
  return ev;
}

/** Best of stand / hit from a total (no more doubles or splits). */
const hitCache = new Map<string, { ev: Fraction; action: "stand" | "hit" }>();
function playOn(total: number, soft: boolean, up: number): { ev: Fraction; action: "stand" | "hit" } {
  const key = `${total}:${soft}:${up}`;
  const cached = hitCache.get(key);
  if (cached) return cached;
  const stand = standEv(total, up);
  let hit = Fraction.ZERO;
  if (total < 21) {
    for (const v of VALUES) {
      const next = add(total, soft, v);
      hit = hit.add(P[v]!.mul(next.total > 21 ? new Fraction(-1) : playOn(next.total, next.soft, up).ev));
    }
  }
  const best = total < 21 && hit.toNumber() > stand.toNumber() ? { ev: hit, action: "hit" as const } : { ev: stand, action: "stand" as const };
  hitCache.set(key, best);
  return best;
}

function doubleEv(total: number, soft: boolean, up: number): Fraction {
  let ev = Fraction.ZERO;
  for (const v of VALUES) ev = ev.add(P[v]!.mul(standEv(add(total, soft, v).total, up)));
  return ev.mul(2);
}

function canDouble(rules: BlackjackRules, total: number, soft: boolean) {
  return rules.doubleOn === null || (!soft && rules.doubleOn.includes(total));
}

/** A two-card hand's options (first decision). pairValue set when both cards have the same rank. */
type Decision = { action: Action; ev: Fraction; options: Partial<Record<Action, Fraction>> };
const decisionCache = new Map<string, Decision>();

export function decide(
  rules: BlackjackRules,
  hand: { total: number; soft: boolean; pairValue: number | null; fromSplit: boolean; splitAces: boolean },
  up: number,
  firstDecision: boolean,
): Decision {
  const key = `${rules.doubleOn?.join("/") ?? "any"}:${rules.surrender}:${rules.noSplit ?? false}:${hand.total}:${hand.soft}:${hand.pairValue}:${hand.fromSplit}:${hand.splitAces}:${up}:${firstDecision}`;
  const cached = decisionCache.get(key);
  if (cached) return cached;
  const decision = decideUncached(rules, hand, up, firstDecision);
  decisionCache.set(key, decision);
  return decision;
}

function decideUncached(
  rules: BlackjackRules,
  hand: { total: number; soft: boolean; pairValue: number | null; fromSplit: boolean; splitAces: boolean },
  up: number,
  firstDecision: boolean,
): Decision {
  const options: Partial<Record<Action, Fraction>> = {};
  const rest = playOn(hand.total, hand.soft, up);
  options.stand = standEv(hand.total, up);
  if (hand.splitAces) return { action: "stand", ev: options.stand, options };
  if (hand.total < 21) options.hit = rest.action === "hit" ? rest.ev : hitOnly(hand.total, hand.soft, up);
  if (firstDecision && hand.total < 21 && canDouble(rules, hand.total, hand.soft)) options.double = doubleEv(hand.total, hand.soft, up);
  if (firstDecision && !hand.fromSplit && hand.pairValue !== null && !rules.noSplit) options.split = splitEv(rules, hand.pairValue, up);
  if (firstDecision && !hand.fromSplit && rules.surrender) options.surrender = new Fraction(-1, 2);
  let best: Action = "stand";
  for (const [action, ev] of Object.entries(options) as [Action, Fraction][]) {
    if (ev.toNumber() > options[best]!.toNumber()) best = action;
  }
  return { action: best, ev: options[best]!, options };
}

function hitOnly(total: number, soft: boolean, up: number): Fraction {
  let hit = Fraction.ZERO;
  for (const v of VALUES) {
    const next = add(total, soft, v);
    hit = hit.add(P[v]!.mul(next.total > 21 ? new Fraction(-1) : playOn(next.total, next.soft, up).ev));
  }
  return hit;
}

/** Two hands, each starting from one card of the pair plus a drawn card; no resplit; aces get one card. */
const splitCache = new Map<string, Fraction>();
function splitEv(rules: BlackjackRules, value: number, up: number): Fraction {
  const key = `${JSON.stringify(rules)}:${value}:${up}`;
  const cached = splitCache.get(key);
  if (cached) return cached;
  let one = Fraction.ZERO;
  const start = add(0, false, value);
  for (const v of VALUES) {
    const next = add(start.total, start.soft, v);
    const ev = decide(rules, { ...next, pairValue: null, fromSplit: true, splitAces: value === 1 }, up, true).ev;
    one = one.add(P[v]!.mul(ev));
  }
  const result = one.mul(2);
  splitCache.set(key, result);
  return result;
}

/**
 * RTP per unit of initial stake: 1 + E[net result] over the up card, the
 * player's two cards and the dealer's peek, with the optimal strategy and
 * no insurance (insurance returns 3·4/13 = 12/13 per unit, so it is never taken).
 */
export function blackjackRtp(rules: BlackjackRules): Fraction {
  let ev = Fraction.ZERO;
  for (const up of VALUES) {
    const dealerBj = up === 1 ? P[10]! : up === 10 ? P[1]! : Fraction.ZERO;
    for (const a of VALUES) {
      for (const b of VALUES) {
        const p = P[up]!.mul(P[a]!).mul(P[b]!);
        const first = add(add(0, false, a).total, add(0, false, a).soft, b);
        const playerBj = first.total === 21;
        let outcome: Fraction;
        if (playerBj) outcome = Fraction.ONE.sub(dealerBj).mul(new Fraction(3, 2));
        else {
          const best = decide(rules, { ...first, pairValue: a === b ? a : null, fromSplit: false, splitAces: false }, up, true).ev;
          outcome = dealerBj.mul(-1).add(Fraction.ONE.sub(dealerBj).mul(best));
        }
        ev = ev.add(p.mul(outcome));
      }
    }
  }
  return Fraction.ONE.add(ev);
}

/** The published strategy table: the action for hard totals, soft totals and pairs against each up card. */
export function strategyTable(rules: BlackjackRules): { hand: string; actions: Record<string, Action> }[] {
  const ups = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1];
  const label = (up: number) => (up === 1 ? "A" : String(up));
  const row = (hand: string, facts: { total: number; soft: boolean; pairValue: number | null }) => ({
    hand,
    actions: Object.fromEntries(ups.map((up) => [label(up), decide(rules, { ...facts, fromSplit: false, splitAces: false }, up, true).action])),
  });
  const rows = [];
  for (let total = 5; total <= 20; total += 1) rows.push(row(`hard ${total}`, { total, soft: false, pairValue: null }));
  for (let total = 13; total <= 20; total += 1) rows.push(row(`soft ${total}`, { total, soft: true, pairValue: null }));
  for (let value = 1; value <= 10; value += 1) {
    const facts = value === 1 ? { total: 12, soft: true } : { total: value * 2, soft: false };
    rows.push(row(`pair ${label(value)}`, { ...facts, pairValue: value }));
  }
  return rows;
}
