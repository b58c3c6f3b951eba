// Per-tab memory of where the player has been: sessionStorage survives reloads but not new tabs.
const PREVIOUS_PAGE = "croupier.previous_page";
const ACCOUNT_RETURN = "croupier.account_return";

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage disabled (private mode quota): the rules fall back to "/".
  }
}

/** The last page outside the game window: where closing a game returns to. */
export const previousPage = { get: () => read(PREVIOUS_PAGE), set: (path: string) => write(PREVIOUS_PAGE, path) };
/** The page before the account area: the account area's redirect-back target. */
export const accountReturnPath = { get: () => read(ACCOUNT_RETURN), set: (path: string | null) => write(ACCOUNT_RETURN, path) };
