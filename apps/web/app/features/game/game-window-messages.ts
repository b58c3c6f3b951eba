/**
 * What a game window can ask the page for. Providers word it differently: the house
 * provider posts `{ type: "close" }` and `{ type: "lobby", mobile_search?: true }`; others
 * post bare strings ("closeGame"), or objects keyed by event, action, name or msgId.
 */
export type GameWindowRequest = { action: "close" | "lobby"; mobileSearch: boolean };

const CLOSE = new Set(["close", "closegame", "game_close", "gameclose", "close_game", "exit", "exitgame", "quit", "home"]);
const LOBBY = new Set(["lobby", "gotolobby", "go_to_lobby", "returntolobby", "return_to_lobby", "backtolobby", "lobbyclick", "openlobby"]);
const KEYS = ["type", "event", "action", "name", "msgId", "message", "command"] as const;
const MOBILE_SEARCH_KEYS = ["mobile_search", "mobileSearch", "isMobileSearch"] as const;

function actionOf(word: unknown): GameWindowRequest["action"] | null {
  if (typeof word !== "string" || word.length > 64) return null;
  const key = word.trim().toLowerCase().replace(/[\s-]/g, "_");
  const compact = key.replace(/_/g, "");
  if (CLOSE.has(key) || CLOSE.has(compact)) return "close";
  if (LOBBY.has(key) || LOBBY.has(compact)) return "lobby";
  return null;
}

/** The request in a `message` event's data, or null for anything else (other windows' chatter, game telemetry). */
export function parseGameWindowMessage(data: unknown): GameWindowRequest | null {
  if (typeof data === "string") {
    const trimmed = data.trim();
    if (trimmed.startsWith("{")) {
      try {
        return parseGameWindowMessage(JSON.parse(trimmed) as unknown);
      } catch {
        return null;
      }
    }
    const action = actionOf(trimmed);
    return action ? { action, mobileSearch: false } : null;
  }
  if (typeof data !== "object" || data === null) return null;
  const record = data as Record<string, unknown>;
  for (const key of KEYS) {
    const action = actionOf(record[key]);
    if (action) return { action, mobileSearch: MOBILE_SEARCH_KEYS.some((flag) => record[flag] === true || record[flag] === "true") };
  }
  return null;
}

/**
 * Where a close or lobby request leads: the stored previous page, or / when there is none.
 * The mobile-search flag resets the sidebar: the page comes back without the search drawer
 * (`?modal=search`) it may have been left with.
 */
export function returnPathFor(request: GameWindowRequest, previous: string | null): string {
  const target = previous && previous.startsWith("/") && !previous.startsWith("//") ? previous : "/";
  if (!request.mobileSearch) return target;
  const url = new URL(target, "http://local");
  url.searchParams.delete("modal");
  return url.pathname + (url.search === "?" ? "" : url.search) + url.hash;
}
