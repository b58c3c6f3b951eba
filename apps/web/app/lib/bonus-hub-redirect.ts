/**
 * With the bonus-hub flag on, the old bonus pages live in the hub: /account/bonuses (and anything
 * under it) → /bonus-hub/my-bonuses, /promo → /bonus-hub/promo. Query and hash come along.
 * Returns the target, or null when the path is not redirected.
 */
export function bonusHubRedirect(
  location: { pathname: string; search?: string; hash?: string },
  bonusHubEnabled: boolean,
): string | null {
  if (!bonusHubEnabled) return null;
  const path = location.pathname.replace(/\/+$/, "") || "/";
  let target: string | null = null;
  if (path === "/account/bonuses" || path.startsWith("/account/bonuses/")) target = "/bonus-hub/my-bonuses";
  else if (path === "/promo") target = "/bonus-hub/promo";
  if (!target) return null;
  return target + (location.search ?? "") + (location.hash ?? "");
}
