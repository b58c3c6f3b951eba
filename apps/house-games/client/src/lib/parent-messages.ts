/**
 * Messages the game window posts to the platform page that embeds it (spec: "Game window
 * messages"): `close` and `lobby` return the player to the stored previous page, or to /.
 * The target origin is always explicit, never "*": a game URL opened inside someone else's
 * page must not tell that page anything.
 */
export type ParentMessage = { type: "close" } | { type: "lobby"; mobile_search?: boolean };

export type OriginSources = {
  /** `parent_origin` query parameter, when the platform put one in the game URL. */
  search: string;
  referrer: string;
  ancestorOrigins?: ArrayLike<string> | undefined;
  ownOrigin: string;
};

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
    return parsed.origin;
  } catch {
    return null;
  }
}

/** The embedding page's origin: explicit parameter, then the browser's ancestor list, then the referrer, then our own. */
export function resolveParentOrigin(sources: OriginSources): string {
  const explicit = new URLSearchParams(sources.search).get("parent_origin");
  const candidates = [explicit, sources.ancestorOrigins?.[0], sources.referrer];
  for (const candidate of candidates) {
    const origin = candidate ? originOf(candidate) : null;
    if (origin) return origin;
  }
  return sources.ownOrigin;
}

export function closeMessage(): ParentMessage {
  return { type: "close" };
}

export function lobbyMessage(mobileSearch = false): ParentMessage {
  return mobileSearch ? { type: "lobby", mobile_search: true } : { type: "lobby" };
}

export type ParentWindow = { postMessage(message: unknown, targetOrigin: string): void };

/**
 * Posts to the parent when the game runs in a frame; opened on its own (a new tab or a
 * direct link) there is no parent, so the page itself goes to the exit URL or the site root.
 */
export function sendToParent(
  message: ParentMessage,
  env: { self: unknown; parent: ParentWindow; origin: string; navigate: (url: string) => void; exitUrl?: string | null },
): "posted" | "navigated" {
  if (env.parent !== env.self) {
    env.parent.postMessage(message, env.origin);
    return "posted";
  }
  env.navigate(isLocalPath(env.exitUrl) ? env.exitUrl : "/");
  return "navigated";
}

/** Only same-site paths: "//host" is protocol-relative and would leave the site. */
export function isLocalPath(url: string | null | undefined): url is string {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\");
}
