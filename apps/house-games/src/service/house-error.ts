/** A refusal the client can act on: stable code, safe message, HTTP status. */
export class HouseError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus = 422,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const WALLET_MESSAGES: Record<string, [string, number]> = {
  NOT_ENOUGH_MONEY: ["Not enough money for this stake.", 422],
  PLAYER_BLOCKED: ["Your account cannot play right now.", 403],
  LIMIT_REACHED: ["A responsible-gaming limit has been reached.", 403],
  BET_LIMIT_EXCEEDED: ["The stake is above the limit for this game.", 422],
  TOKEN_EXPIRED: ["The game session has expired; reopen the game.", 401],
  INVALID_TOKEN: ["The game session is not valid; reopen the game.", 401],
  WRONG_CURRENCY: ["This game cannot be played in your wallet's currency.", 422],
  INVALID_GAME: ["This game is not available.", 422],
  UNREACHABLE: ["The wallet could not be reached; nothing was charged.", 502],
};

export function walletRefusal(status: string): HouseError {
  const [message, http] = WALLET_MESSAGES[status] ?? ["The wallet refused the stake.", 422];
  return new HouseError(status === "UNREACHABLE" ? "WALLET_UNAVAILABLE" : status, message, http);
}
