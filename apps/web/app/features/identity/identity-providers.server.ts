/**
 * The identity providers the API serves, read from the same environment as the server
 * (this code runs in the server's process when it serves the web app): every OIDC_PROVIDERS
 * entry, plus the built-in development provider outside production unless DEV_OIDC_PROVIDER
 * is off. The API has no list call; GET /authorization/provider-redirect takes the name.
 */
export type IdentityProviderLink = { name: string; label: string };

const KNOWN_LABELS: Record<string, string> = { dev: "Development login", google: "Google", apple: "Apple", microsoft: "Microsoft" };
const NAME = /^[a-z0-9_-]{1,64}$/;

const labelOf = (name: string) => KNOWN_LABELS[name] ?? name.charAt(0).toUpperCase() + name.slice(1).replace(/[-_]/g, " ");

export function identityProviders(env: Record<string, string | undefined> = process.env): IdentityProviderLink[] {
  const names: string[] = [];
  try {
    const parsed = JSON.parse(env.OIDC_PROVIDERS || "[]") as unknown;
    if (Array.isArray(parsed)) {
      for (const entry of parsed.slice(0, 20)) {
        const name = (entry as { name?: unknown })?.name;
        if (typeof name === "string" && NAME.test(name)) names.push(name);
      }
    }
  } catch {
    // The server refuses to start with a malformed list; nothing to show here either.
  }
  const production = (env.NODE_ENV ?? "development") === "production";
  const devFlag = env.DEV_OIDC_PROVIDER;
  const devOn = !production && (devFlag === undefined || devFlag === "true" || devFlag === "1");
  if (devOn && !names.includes("dev")) names.push("dev");
  return names.map((name) => ({ name, label: labelOf(name) }));
}
