import type { FairStream } from "../../fairness/rng.ts";
import { Fraction } from "../../stats/fraction.ts";

/**
 * Dice tables: n six-sided dice, a menu of bets. Each bet's return per unit
 * (stake included) is a function of the dice, so its RTP is exact by
 * enumerating all 6ⁿ outcomes.
 */
export type DiceBetType = { type: string; label: string; returns: (dice: number[]) => Fraction };
export type DiceTable = { dice: number; bets: DiceBetType[] };

const sum = (dice: number[]) => dice.reduce((a, b) => a + b, 0);
const isTriple = (dice: number[]) => dice.length === 3 && dice[0] === dice[1] && dice[1] === dice[2];
const pays = (odds: string) => new Fraction(Math.round(Number(odds) * 100) + 100, 100);
const lose = Fraction.ZERO;
const push = Fraction.ONE;

function sicBoBets(full: boolean): DiceBetType[] {
  const bets: DiceBetType[] = [
    { type: "small", label: "Small 4–10 (loses on a triple) 1:1", returns: (d) => (!isTriple(d) && sum(d) <= 10 ? pays("1") : lose) },
    { type: "big", label: "Big 11–17 (loses on a triple) 1:1", returns: (d) => (!isTriple(d) && sum(d) >= 11 ? pays("1") : lose) },
    { type: "odd", label: "Odd total (loses on a triple) 1:1", returns: (d) => (!isTriple(d) && sum(d) % 2 === 1 ? pays("1") : lose) },
    { type: "even", label: "Even total (loses on a triple) 1:1", returns: (d) => (!isTriple(d) && sum(d) % 2 === 0 ? pays("1") : lose) },
    { type: "any_triple", label: "Any triple 30:1", returns: (d) => (isTriple(d) ? pays("30") : lose) },
  ];
  for (let face = 1; face <= 6; face += 1) {
    bets.push({
      type: `single_${face}`,
      label: `Single ${face}: 1:1 per die showing ${face}`,
      returns: (d) => {
        const hits = d.filter((x) => x === face).length;
        return hits === 0 ? lose : new Fraction(hits + 1);
      },
    });
  }
  if (full) {
    const totals: Record<number, string> = { 4: "60", 5: "30", 6: "17", 7: "12", 8: "8", 9: "6", 10: "6", 11: "6", 12: "6", 13: "8", 14: "12", 15: "17", 16: "30", 17: "60" };
    for (const [total, odds] of Object.entries(totals)) {
      bets.push({ type: `total_${total}`, label: `Total ${total} ${odds}:1`, returns: (d) => (sum(d) === Number(total) ? pays(odds) : lose) });
    }
    for (let face = 1; face <= 6; face += 1) {
      bets.push({ type: `triple_${face}`, label: `Triple ${face} 180:1`, returns: (d) => (isTriple(d) && d[0] === face ? pays("180") : lose) });
    }
  }
  return bets;
}

export const DICE_DUEL: DiceTable = {
  dice: 2,
  bets: [
    { type: "player", label: "Player's die higher 0.95:1, tie returns the stake", returns: ([p, d]) => (p! > d! ? pays("0.95") : p === d ? push : lose) },
    { type: "dealer", label: "Dealer's die higher 0.95:1, tie returns the stake", returns: ([p, d]) => (d! > p! ? pays("0.95") : p === d ? push : lose) },
    { type: "tie", label: "Tie 4.75:1", returns: ([p, d]) => (p === d ? pays("4.75") : lose) },
  ],
};

export const HI_LO_TWO_DICE: DiceTable = {
  dice: 2,
  bets: [
    { type: "low", label: "Low 2–6 1.3:1", returns: (d) => (sum(d) <= 6 ? pays("1.3") : lose) },
    { type: "seven", label: "Seven 4.8:1", returns: (d) => (sum(d) === 7 ? pays("4.8") : lose) },
    { type: "high", label: "High 8–12 1.3:1", returns: (d) => (sum(d) >= 8 ? pays("1.3") : lose) },
  ],
};

export const TRIPLE_DICE: DiceTable = { dice: 3, bets: sicBoBets(false) };
export const SIC_BO: DiceTable = { dice: 3, bets: sicBoBets(true) };

export function drawDice(table: DiceTable, stream: FairStream): number[] {
  return Array.from({ length: table.dice }, () => stream.nextInt(6) + 1);
}

export function allOutcomes(count: number): number[][] {
  let outcomes: number[][] = [[]];
  for (let i = 0; i < count; i += 1) outcomes = outcomes.flatMap((o) => [1, 2, 3, 4, 5, 6].map((face) => [...o, face]));
  return outcomes;
}

export function diceBetRtp(table: DiceTable, bet: DiceBetType): Fraction {
  const outcomes = allOutcomes(table.dice);
  return outcomes.reduce((total, dice) => total.add(bet.returns(dice)), Fraction.ZERO).div(outcomes.length);
}
