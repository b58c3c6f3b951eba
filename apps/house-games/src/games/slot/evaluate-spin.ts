import { REELS, ROWS, type SlotGame } from "./slot-types.ts";

export type SlotLineWin = { line?: number; ways?: number; symbol: string; count: number; credits: number };
export type SlotScatterWin = { scatter: true; symbol: string; count: number; stakeMultiple: number };
export type SpinEvaluation = {
  stops: number[];
  grid: string[][];
  lineWins: SlotLineWin[];
  scatter: SlotScatterWin | null;
  scatterCount: number;
  /** Win as a multiple of the total stake (exact: credits / creditsPerStake + scatter multiple). */
  creditsWon: number;
  triggersFreeSpins: boolean;
};

const lookups = new WeakMap<SlotGame, { symbolsById: Map<string, SlotGame["symbols"][number]>; wild?: string; scatterSymbol?: SlotGame["symbols"][number] }>();
function lookup(game: SlotGame) {
  let found = lookups.get(game);
  if (!found) {
    found = {
      symbolsById: new Map(game.symbols.map((symbol) => [symbol.id, symbol])),
      wild: game.symbols.find((symbol) => symbol.kind === "wild")?.id,
      scatterSymbol: game.symbols.find((symbol) => symbol.kind === "scatter"),
    };
    lookups.set(game, found);
  }
  return found;
}

export function windowOf(game: SlotGame, stops: number[]): string[][] {
  return game.strips.map((strip, reel) => {
    const stop = stops[reel]!;
    return Array.from({ length: ROWS }, (_, row) => strip[(stop + row) % strip.length]!);
  });
}

/**
 * Pays one spin. Wilds never sit on reel 1, so every paying combination
 * starts with a real symbol there and no all-wild line needs a rule.
 * Line and ways wins are in credits; the scatter pays multiples of the
 * total stake, anywhere. creditsWon folds the scatter in as credits.
 */
export function evaluateSpin(game: SlotGame, stops: number[]): SpinEvaluation {
  const grid = windowOf(game, stops);
  const { symbolsById, wild, scatterSymbol } = lookup(game);
  const lineWins: SlotLineWin[] = [];

  if (game.mode.type === "lines") {
    game.mode.lines.forEach((rows, index) => {
      const first = grid[0]![rows[0]!]!;
      const symbol = symbolsById.get(first);
      if (!symbol || symbol.kind !== "normal") return;
      let count = 1;
      while (count < REELS) {
        const next = grid[count]![rows[count]!]!;
        if (next !== first && next !== wild) break;
        count += 1;
      }
      if (count >= 3) lineWins.push({ line: index + 1, symbol: first, count, credits: symbol.pays[count - 3]! });
    });
  } else {
    for (const symbol of game.symbols) {
      if (symbol.kind !== "normal") continue;
      let ways = grid[0]!.filter((id) => id === symbol.id).length;
      if (ways === 0) continue;
      let count = 1;
      while (count < REELS) {
        const matches = grid[count]!.filter((id) => id === symbol.id || id === wild).length;
        if (matches === 0) break;
        ways *= matches;
        count += 1;
      }
      if (count >= 3) lineWins.push({ ways, symbol: symbol.id, count, credits: symbol.pays[count - 3]! * ways });
    }
  }

  let scatterCount = 0;
  for (const column of grid) for (const id of column) if (id === scatterSymbol?.id) scatterCount += 1;
  const scatterPays = scatterSymbol && scatterCount >= 3 ? scatterSymbol.pays[Math.min(scatterCount, 5) - 3]! : 0;
  const scatter = scatterSymbol && scatterCount >= 3 ? { scatter: true as const, symbol: scatterSymbol.id, count: scatterCount, stakeMultiple: scatterPays } : null;
  const credits = lineWins.reduce((sum, win) => sum + win.credits, 0) + scatterPays * game.creditsPerStake;
  return {
    stops,
    grid,
    lineWins,
    scatter,
    scatterCount,
    creditsWon: credits,
    triggersFreeSpins: scatterCount >= game.freeSpins.trigger,
  };
}
