const DANGEROUS_PROTOCOLS = new Set(["javascript:", "data:", "vbscript:"]);

export type ExternalNavigationOptions = { external?: boolean };

export class UnsafeNavigationError extends Error {
  override name = "UnsafeNavigationError";
}

/**
 * Validates a target for a full page load away from the app. The caller must say `external: true`
 * (a route path must never turn into a page load by accident) and the protocol must not run code.
 * Browsers ignore tabs and newlines inside a scheme ("java\tscript:"), so parsing with URL — which
 * strips them the same way — is what makes the check hold.
 */
export function toSafeExternalUrl(target: string, options: ExternalNavigationOptions, base?: string): URL {
  if (options.external !== true) throw new UnsafeNavigationError("External navigation needs the external flag");
  let url: URL;
  try {
    url = new URL(target.trim(), base);
  } catch {
    throw new UnsafeNavigationError(`Not a URL: ${target}`);
  }
  if (DANGEROUS_PROTOCOLS.has(url.protocol)) throw new UnsafeNavigationError(`Blocked protocol ${url.protocol}`);
  return url;
}

/** Full page load to a validated external URL (e.g. a payment page or a provider login). */
export function navigateExternal(target: string, options: ExternalNavigationOptions & { replace?: boolean }) {
  const url = toSafeExternalUrl(target, options, window.location.href);
  if (options.replace) window.location.replace(url.href);
  else window.location.assign(url.href);
}
