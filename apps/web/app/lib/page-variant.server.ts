import { isbot } from "isbot";

/** What the lobby renders for a user agent: phones and tablets get the mobile catalogue (can_mobile). */
export function deviceKindFromUserAgent(userAgent: string | null | undefined): "mobile" | "desktop" {
  return /Mobi|Android|iPhone|iPad/i.test(userAgent ?? "") ? "mobile" : "desktop";
}

/**
 * Everything about the request, besides its address and the player, that changes a visitor's
 * document: the device kind the lobby picks and whether a crawler gets the complete document at
 * once (entry.server). The host's page cache keys anonymous pages by it (ADR 044); a new input to
 * the render that depends on the request belongs here, or the cache would serve one variant to all.
 */
export function pageVariant(userAgent: string | null | undefined): string {
  const device = deviceKindFromUserAgent(userAgent);
  return userAgent && isbot(userAgent) ? `${device}:bot` : device;
}
