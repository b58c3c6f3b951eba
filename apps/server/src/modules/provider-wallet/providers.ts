import type { Env } from "../../env.ts";

export type ProviderConfig = { code: string; secret: string };

/** The house provider's code; its secret is PROVIDER_HOUSE_SECRET. */
export const HOUSE_PROVIDER_CODE = "house";

/**
 * Providers allowed to call the wallet: the house provider plus every
 * "code:secret" pair of PROVIDERS (comma-separated). Adding an external
 * provider is configuration, not code.
 */
export function configuredProviders(env: Pick<Env, "PROVIDER_HOUSE_SECRET" | "PROVIDERS">): Map<string, ProviderConfig> {
  const providers = new Map<string, ProviderConfig>();
  providers.set(HOUSE_PROVIDER_CODE, { code: HOUSE_PROVIDER_CODE, secret: env.PROVIDER_HOUSE_SECRET });
  for (const entry of env.PROVIDERS) providers.set(entry.code, entry);
  return providers;
}
