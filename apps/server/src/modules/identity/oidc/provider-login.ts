import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { currencies, oidcStates, userIdentities, users } from "@croupier/db/schema/index";
import { AppError } from "../../../lib/app-error.ts";
import type { IdentityServices } from "../identity-services.ts";
import { assertLoginAllowed } from "../sessions/assert-login-allowed.ts";
import { hashSecret } from "../shared/secrets.ts";
import { assertCountryAllowed } from "../../geo/assert-country-allowed.ts";

const STATE_TTL_MINUTES = 10;

const redirectUri = (services: IdentityServices) =>
  services.env.OIDC_REDIRECT_URI ?? new URL("/", services.env.PUBLIC_URL).toString();

const unknownProvider = () =>
  new AppError("VALIDATION_ERROR", "Unknown identity provider.", { fields: [{ field: "query.provider", message: "is not configured" }] });

/** GET /authorization/provider-redirect: state, nonce and a PKCE pair stored; the provider's authorize URL returned. */
export async function providerRedirect(
  services: IdentityServices,
  input: { provider: string; currencyGuid?: string; bTag?: string },
): Promise<string> {
  const provider = services.oidc.get(input.provider);
  if (!provider) throw unknownProvider();
  const state = randomBytes(32).toString("base64url");
  const nonce = randomBytes(16).toString("base64url");
  const codeVerifier = randomBytes(48).toString("base64url");
  const challenge = createHash("sha256").update(codeVerifier).digest("base64url");
  const uri = redirectUri(services);
  await services.db.insert(oidcStates).values({
    state_hash: hashSecret(state),
    provider: provider.name,
    code_verifier: codeVerifier,
    nonce,
    redirect_uri: uri,
    currency_guid: input.currencyGuid ?? null,
    b_tag: input.bTag ?? null,
    expires_at: new Date(Date.now() + STATE_TTL_MINUTES * 60_000).toISOString(),
  });
  const url = new URL(await provider.authorizationEndpoint());
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: provider.clientId,
    redirect_uri: uri,
    scope: provider.scopes,
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  return url.toString();
}

/**
 * POST /authorization/provider-login: spends the state (single use, 10 min, same provider),
 * exchanges the code, then finds the account: by provider identity, else by a verified
 * matching email (linked), else a new passwordless account.
 */
export async function providerLogin(
  services: IdentityServices,
  input: { provider: string; state: string; code: string },
  origin: { visitorCountry: string | null } = { visitorCountry: null },
): Promise<string> {
  const { db } = services;
  const provider = services.oidc.get(input.provider);
  if (!provider) throw unknownProvider();
  const [pending] = await db
    .update(oidcStates)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(oidcStates.state_hash, hashSecret(input.state)),
        eq(oidcStates.provider, provider.name),
        isNull(oidcStates.used_at),
        gt(oidcStates.expires_at, sql`now()`),
      ),
    )
    .returning();
  if (!pending) throw new AppError("BAD_REQUEST", "This login attempt has expired. Please start again.");
  const claims = await provider.exchange({ code: input.code, codeVerifier: pending.code_verifier, redirectUri: pending.redirect_uri });

  const [linked] = await db
    .select({ guid: users.guid, status: users.status, reason: users.status_reason })
    .from(userIdentities)
    .innerJoin(users, eq(users.guid, userIdentities.user_guid))
    .where(and(eq(userIdentities.provider, provider.name), eq(userIdentities.subject, claims.sub)));
  if (linked) {
    await assertLoginAllowed(services, linked.guid);
    return linked.guid;
  }
  if (!claims.email)
    throw new AppError("BAD_REQUEST", "The identity provider did not share your email address, which we need to create your account.");

  const [existing] = await db
    .select({ guid: users.guid, status: users.status, reason: users.status_reason })
    .from(users)
    .where(eq(sql`lower(${users.email})`, claims.email));
  if (existing) {
    // Linking on an unverified address would let anyone claim an account by typing its email at a lax provider.
    if (!claims.email_verified)
      throw new AppError("CONFLICT", "An account with this email already exists. Log in with your password first.");
    await assertLoginAllowed(services, existing.guid);
    await db.insert(userIdentities).values({ user_guid: existing.guid, provider: provider.name, subject: claims.sub, email: claims.email });
    await db
      .update(users)
      .set({ email_approved_at: sql`coalesce(${users.email_approved_at}, now())`, updated_at: sql`now()` })
      .where(eq(users.guid, existing.guid));
    return existing.guid;
  }

  // A new account: allowed_countries by where the request comes from (the provider names no country; ADR 028).
  await assertCountryAllowed(db, { formCountryGuid: null, formField: "query.provider", visitorCountry: origin.visitorCountry });
  let currencyGuid = pending.currency_guid;
  if (currencyGuid) {
    const [known] = await db.select({ guid: currencies.guid }).from(currencies).where(eq(currencies.guid, currencyGuid));
    currencyGuid = known?.guid ?? null;
  }
  if (!currencyGuid) {
    const [fallback] = await db.select({ guid: currencies.guid }).from(currencies).where(eq(currencies.is_default, true));
    currencyGuid = fallback?.guid ?? null;
  }
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: claims.email!,
        first_name: claims.given_name,
        last_name: claims.family_name,
        email_approved_at: claims.email_verified ? new Date().toISOString() : null,
        passwordless: true,
        login_type: "provider",
        currency_guid: currencyGuid,
        default_currency_guid: currencyGuid,
        b_tag: pending.b_tag,
      })
      .returning({ guid: users.guid });
    await tx.insert(userIdentities).values({ user_guid: created!.guid, provider: provider.name, subject: claims.sub, email: claims.email });
    return created!.guid;
  });
}
