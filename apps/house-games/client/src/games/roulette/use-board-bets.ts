import { useCallback, useMemo, useState } from "react";
import { addAmounts, compareAmounts, MONEY_SCALE, multiplyAmount, subtractAmounts, sumAmounts } from "@croupier/contract/money";
import { betKey, toApiBet, type ApiRouletteBet, type RouletteBet } from "../../lib/roulette-board.ts";
import type { PlacedBets } from "./roulette-board-view.tsx";

const MAX_BETS = 60;

/** Chips on the board: stacking per spot, undo, clear, double, rebet; the total stays inside the table maximum. */
export function useBoardBets(maxTotal: string) {
  const [bets, setBets] = useState<PlacedBets>(new Map());
  const [undo, setUndo] = useState<PlacedBets[]>([]);
  const [last, setLast] = useState<PlacedBets | null>(null);
  const total = useMemo(() => sumAmounts([...bets.values()].map((b) => b.amount)), [bets]);

  const commit = useCallback((next: PlacedBets) => {
    setUndo((u) => [...u.slice(-49), bets]);
    setBets(next);
  }, [bets]);

  /** Returns a refusal reason, or null when the chip went down. */
  const place = useCallback(
    (bet: RouletteBet, chip: string): string | null => {
      const key = betKey(bet);
      if (!bets.has(key) && bets.size >= MAX_BETS) return `At most ${MAX_BETS} different bets per spin.`;
      if (compareAmounts(addAmounts(total, chip), maxTotal) > 0) return `The table maximum is ${maxTotal} per spin.`;
      const next = new Map(bets);
      next.set(key, { bet, amount: addAmounts(bets.get(key)?.amount ?? "0", chip) });
      commit(next);
      return null;
    },
    [bets, total, maxTotal, commit],
  );

  const clear = useCallback(() => bets.size > 0 && commit(new Map()), [bets, commit]);
  const undoLast = useCallback(() => {
    setUndo((u) => {
      if (u.length === 0) return u;
      setBets(u[u.length - 1]!);
      return u.slice(0, -1);
    });
  }, []);
  const double = useCallback((): string | null => {
    if (compareAmounts(multiplyAmount(total, "2", MONEY_SCALE, "trunc"), maxTotal) > 0) return `The table maximum is ${maxTotal} per spin.`;
    const next = new Map([...bets].map(([k, v]) => [k, { ...v, amount: multiplyAmount(v.amount, "2", MONEY_SCALE, "trunc") }]));
    commit(next);
    return null;
  }, [bets, total, maxTotal, commit]);
  const rebet = useCallback(() => last && commit(new Map(last)), [last, commit]);
  const remember = useCallback(() => setLast(bets), [bets]);

  const apiBets = useMemo((): ApiRouletteBet[] => [...bets.values()].map(({ bet, amount }) => toApiBet(bet, amount)), [bets]);
  const headroom = subtractAmounts(maxTotal, total);

  return { bets, total, apiBets, place, clear, undo: undoLast, canUndo: undo.length > 0, double, rebet, canRebet: !!last && last.size > 0, remember, headroom };
}
