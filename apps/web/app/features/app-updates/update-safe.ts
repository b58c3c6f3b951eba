/**
 * Whether the app may reload itself for a new build now: never during a game (/game/*) or a payment
 * (the deposit or withdraw dialog, ?modal=deposit|withdraw, or the wallet's deposit and withdraw
 * pages). The update waits until the player leaves them.
 */
export function isUpdateSafe(pathname: string, search: string): boolean {
  if (/^\/game(\/|$)/.test(pathname)) return false;
  if (/^\/account\/wallets\/(deposit|withdraw)(\/|$)/.test(pathname)) return false;
  const modal = new URLSearchParams(search).get("modal");
  return modal !== "deposit" && modal !== "withdraw";
}
