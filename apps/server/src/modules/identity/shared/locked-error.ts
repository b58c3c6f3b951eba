import { AppError } from "../../../lib/app-error.ts";

/** What a locked player is told when login or refresh is refused. */
export const lockedError = (reason: string | null) =>
  new AppError(
    "PLAYER_BLOCKED",
    reason
      ? `Your account is locked: ${reason}. Please contact support.`
      : "Your account is locked. Please contact support.",
  );
