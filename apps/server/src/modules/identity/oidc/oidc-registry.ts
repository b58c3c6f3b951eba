import { z } from "zod";
import type { Env, OidcProviderConfig } from "../../../env.ts";
import { AppError } from "../../../lib/app-error.ts";

export type OidcClaims = {
  sub: string;
  email: string | null;
  email_verified: boolean;
  given_name: string | null;
  family_name: string | null;
};

export type OidcProvider = {
  name: string;
  clientId: string;
  scopes: string;
  authorizationEndpoint: () => Promise<string>;
  /** Authorization code (+ PKCE verifier) → the user's claims from the userinfo endpoint. */
  exchange: (input: { code: string; codeVerifier: string; redirectUri: string }) => Promise<OidcClaims>;
};

export type OidcRegistry = { get: (name: string) => OidcProvider | undefined; names: () => string[] };

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export const DEV_PROVIDER = { name: "dev", clientId: "croupier-dev", clientSecret: "croupier-dev-secret" } as const;

const discovery = z.object({
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url(),
});
const tokenAnswer = z.object({ access_token: z.string().min(1), token_type: z.string() });
const userinfo = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(254).optional(),
  email_verified: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
  given_name: z.string().max(100).optional(),
  family_name: z.string().max(100).optional(),
});

const providerFailed = () => new AppError("BAD_REQUEST", "The identity provider did not confirm the login. Please try again.");

/**
 * A generic OpenID Connect client (authorization code + PKCE, confidential client). The
 * user's identity comes from the userinfo endpoint over the back channel, authenticated with
 * the access token the token endpoint gave for our code and verifier.
 */
export function oidcProvider(config: OidcProviderConfig, fetchImpl: FetchLike = fetch): OidcProvider {
  let endpoints: Promise<z.infer<typeof discovery>> | undefined;
  const resolve = () => {
    if (config.authorization_endpoint && config.token_endpoint && config.userinfo_endpoint)
      return Promise.resolve({
        authorization_endpoint: config.authorization_endpoint,
        token_endpoint: config.token_endpoint,
        userinfo_endpoint: config.userinfo_endpoint,
      });
    endpoints ??= (async () => {
      const res = await fetchImpl(`${config.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`OIDC discovery for ${config.name} answered ${res.status}`);
      return discovery.parse(await res.json());
    })().catch((error: unknown) => {
      endpoints = undefined;
      throw error;
    });
    return endpoints;
  };
  return {
    name: config.name,
    clientId: config.client_id,
    scopes: config.scopes,
    authorizationEndpoint: async () => (await resolve()).authorization_endpoint,
    exchange: async ({ code, codeVerifier, redirectUri }) => {
      const { token_endpoint, userinfo_endpoint } = await resolve();
      const tokenRes = await fetchImpl(token_endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: redirectUri,
          code_verifier: codeVerifier,
          client_id: config.client_id,
          client_secret: config.client_secret,
        }).toString(),
        signal: AbortSignal.timeout(5000),
      });
      if (!tokenRes.ok) throw providerFailed();
      const token = tokenAnswer.safeParse(await tokenRes.json());
      if (!token.success) throw providerFailed();
      const infoRes = await fetchImpl(userinfo_endpoint, {
        headers: { authorization: `Bearer ${token.data.access_token}`, accept: "application/json" },
        signal: AbortSignal.timeout(5000),
      });
      if (!infoRes.ok) throw providerFailed();
      const info = userinfo.safeParse(await infoRes.json());
      if (!info.success) throw providerFailed();
      return {
        sub: info.data.sub,
        email: info.data.email?.trim().toLowerCase() ?? null,
        email_verified: info.data.email_verified === true || info.data.email_verified === "true",
        given_name: info.data.given_name ?? null,
        family_name: info.data.family_name ?? null,
      };
    },
  };
}

/** Providers from OIDC_PROVIDERS, plus the built-in development provider outside production. */
export function createOidcRegistry(env: Env, devFetch: FetchLike): OidcRegistry {
  const providers = new Map<string, OidcProvider>();
  for (const config of env.OIDC_PROVIDERS) providers.set(config.name, oidcProvider(config));
  if (env.DEV_OIDC_PROVIDER && !providers.has(DEV_PROVIDER.name)) {
    const base = new URL("/dev/oidc", env.PUBLIC_URL).toString();
    providers.set(
      DEV_PROVIDER.name,
      oidcProvider(
        {
          name: DEV_PROVIDER.name,
          issuer: base,
          client_id: DEV_PROVIDER.clientId,
          client_secret: DEV_PROVIDER.clientSecret,
          scopes: "openid email profile",
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          userinfo_endpoint: `${base}/userinfo`,
        },
        devFetch,
      ),
    );
  }
  return { get: (name) => providers.get(name), names: () => [...providers.keys()] };
}
