/**
 * What the player sees for an API refusal: a short title chosen by the stable code, the
 * provider's own message underneath, and whether play can go on. `fatal` errors stop the game
 * (the session cannot bet again without going back to the lobby).
 */
export type ErrorView = { code: string; title: string; message: string; fatal: boolean; retryAfterMs: number | null };

const TITLES: Record<string, { title: string; fatal?: boolean }> = {
  NOT_ENOUGH_MONEY: { title: "Insufficient funds" },
  LIMIT_REACHED: { title: "Limit reached", fatal: true },
  BET_LIMIT_EXCEEDED: { title: "Stake over the limit" },
  PLAYER_BLOCKED: { title: "Player blocked", fatal: true },
  TOKEN_EXPIRED: { title: "Session expired", fatal: true },
  INVALID_TOKEN: { title: "Session expired", fatal: true },
  UNAUTHORIZED: { title: "Session expired", fatal: true },
  INVALID_LAUNCH: { title: "Game link not valid", fatal: true },
  WRONG_CURRENCY: { title: "Currency not accepted", fatal: true },
  WALLET_UNAVAILABLE: { title: "Wallet unavailable" },
  // The provider's database is restarting or out of reach (503 + Retry-After, ADR 046): play can go on.
  SERVICE_UNAVAILABLE: { title: "Try again in a moment" },
  GAME_NOT_AVAILABLE: { title: "Game not available", fatal: true },
  DEMO_NOT_AVAILABLE: { title: "No demo for this game", fatal: true },
  NOT_FOUND: { title: "Not found" },
  TOO_FAST: { title: "Please wait" },
  AUTOPLAY_DISABLED: { title: "Autoplay is not allowed here" },
  ROUND_IN_PROGRESS: { title: "Round in progress" },
  NO_ROUND_IN_PROGRESS: { title: "No round in progress" },
  ILLEGAL_ACTION: { title: "Action not allowed" },
  INVALID_BET: { title: "Invalid bet" },
  BETTING_CLOSED: { title: "Betting closed" },
  NOT_SEATED: { title: "Take a seat first" },
  TABLE_FULL: { title: "Table full" },
  VALIDATION_ERROR: { title: "Invalid request" },
  NETWORK: { title: "Connection lost" },
};

export function describeError(error: { code?: string; message?: string; retryAfterMs?: number | null; status?: number }): ErrorView {
  const code = error.code ?? "UNKNOWN";
  const known = TITLES[code];
  const serverSide = (error.status ?? 0) >= 500;
  return {
    code,
    title: known?.title ?? (serverSide ? "Game server error" : "Something went wrong"),
    message: error.message && error.message.length > 0 ? error.message : "Please try again.",
    fatal: known?.fatal ?? false,
    retryAfterMs: error.retryAfterMs ?? null,
  };
}
