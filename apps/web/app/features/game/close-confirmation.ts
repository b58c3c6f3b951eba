/**
 * The game-session-close confirmation: before a game opens, the player's game sessions
 * open elsewhere (other tabs) are named and the player confirms they will be closed.
 * single: one other game; double: two; change: three or more (the player is changing
 * games wholesale). Up to four games are named; more are counted.
 */
export type CloseMode = "single" | "double" | "change";
export type CloseConfirmation = { mode: CloseMode; title: string; text: string; confirm: string };

const NAMED_MAX = 4;

function nameList(names: string[]): string {
  const named = names.slice(0, NAMED_MAX);
  const rest = names.length - named.length;
  if (rest > 0) return `${named.join(", ")} and ${rest} more`;
  if (named.length === 1) return named[0]!;
  return `${named.slice(0, -1).join(", ")} and ${named[named.length - 1]}`;
}

/** The texts for closing `open` (other games' names, one entry per session) to play `next`; null when nothing is open. */
export function closeConfirmation(open: string[], next: string): CloseConfirmation | null {
  if (open.length === 0) return null;
  const list = nameList(open);
  if (open.length === 1) {
    return {
      mode: "single",
      title: "Close your other game?",
      text: `${list} is open in another window. Its game session will be closed when you start ${next}. Do you want to continue?`,
      confirm: "Close it and play",
    };
  }
  if (open.length === 2) {
    return {
      mode: "double",
      title: "Close your other games?",
      text: `${list} are open in other windows. Both game sessions will be closed when you start ${next}. Do you want to continue?`,
      confirm: "Close both and play",
    };
  }
  return {
    mode: "change",
    title: "Change games?",
    text: `You are playing ${list} in other windows. These game sessions will be closed when you start ${next}. Do you want to continue?`,
    confirm: "Close them and play",
  };
}
