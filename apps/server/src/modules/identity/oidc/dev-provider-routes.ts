import { createHash, randomBytes } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../lib/app-error.ts";
import { DEV_PROVIDER } from "./oidc-registry.ts";

type Grant = {
  email: string;
  name: string;
  emailVerified: boolean;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  expiresAt: number;
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const authorizeQuery = z.object({
  response_type: z.literal("code"),
  client_id: z.literal(DEV_PROVIDER.clientId),
  redirect_uri: z.url().max(500),
  scope: z.string().max(200).default("openid email profile"),
  state: z.string().min(16).max(256),
  nonce: z.string().max(128).optional(),
  code_challenge: z.string().min(43).max(128),
  code_challenge_method: z.literal("S256"),
});
const approveQuery = authorizeQuery.extend({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  name: z.string().trim().max(100).default(""),
  email_verified: z.enum(["true", "false"]).default("true"),
});
const tokenBody = z.object({
  grant_type: z.literal("authorization_code"),
  code: z.string().max(128),
  redirect_uri: z.string().max(500),
  code_verifier: z.string().min(43).max(128),
  client_id: z.literal(DEV_PROVIDER.clientId),
  client_secret: z.literal(DEV_PROVIDER.clientSecret),
});

/**
 * A tiny OpenID Connect provider for development and tests, under /dev/oidc (never in
 * production): an authorize page where you type any email, a token endpoint that checks
 * the PKCE verifier, and userinfo. State lives in memory: it is one developer's login.
 */
export const devOidcProviderRoutes: FastifyPluginAsyncZod = async (app) => {
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  const sweep = () => {
    const now = Date.now();
    for (const store of [codes, accessTokens]) for (const [k, v] of store) if (v.expiresAt < now) store.delete(k);
  };

  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 8192 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get("/dev/oidc/authorize", { schema: { hide: true, querystring: authorizeQuery } }, async (request, reply) => {
    const hidden = Object.entries(request.query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(String(v))}">`)
      .join("");
    reply.header("content-type", "text/html; charset=utf-8");
    reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development identity provider</title>
<style>body{font:16px system-ui;max-width:420px;margin:3rem auto;padding:0 1rem}label{display:block;margin:.75rem 0}input[type=email],input[type=text]{width:100%;padding:.4rem}</style></head>
<body><h1>Development identity provider</h1><p>Sign in as any address. This page exists only outside production.</p>
<form method="get" action="/dev/oidc/approve">${hidden}
<label>Email <input type="email" name="email" required autofocus></label>
<label>Name <input type="text" name="name" maxlength="100"></label>
<label><input type="checkbox" name="email_verified" value="true" checked> Email verified</label>
<button type="submit">Sign in</button></form></body></html>`;
  });

  app.get("/dev/oidc/approve", { schema: { hide: true, querystring: approveQuery } }, async (request, reply) => {
    sweep();
    const q = request.query;
    const code = randomBytes(24).toString("base64url");
    codes.set(code, {
      email: q.email,
      name: q.name,
      emailVerified: q.email_verified === "true",
      clientId: q.client_id,
      redirectUri: q.redirect_uri,
      codeChallenge: q.code_challenge,
      expiresAt: Date.now() + 60_000,
    });
    const back = new URL(q.redirect_uri);
    // The same extra parameters Google adds, so the player app's clean-up is exercised too.
    back.search = new URLSearchParams({ state: q.state, code, scope: q.scope, authuser: "0", prompt: "consent" }).toString();
    return reply.redirect(back.toString(), 302);
  });

  app.post("/dev/oidc/token", { schema: { hide: true, body: tokenBody } }, async (request) => {
    const grant = codes.get(request.body.code);
    codes.delete(request.body.code);
    const challenge = createHash("sha256").update(request.body.code_verifier).digest("base64url");
    if (!grant || grant.expiresAt < Date.now() || grant.redirectUri !== request.body.redirect_uri || grant.codeChallenge !== challenge)
      throw new AppError("BAD_REQUEST", "invalid_grant");
    const accessToken = randomBytes(24).toString("base64url");
    accessTokens.set(accessToken, { ...grant, expiresAt: Date.now() + 300_000 });
    return { access_token: accessToken, token_type: "Bearer", expires_in: 300 };
  });

  app.get("/dev/oidc/userinfo", { schema: { hide: true } }, async (request) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const grant = token ? accessTokens.get(token) : undefined;
    if (!grant || grant.expiresAt < Date.now()) throw new AppError("UNAUTHORIZED", "invalid_token");
    const [given, ...family] = grant.name.split(" ").filter(Boolean);
    return {
      sub: `dev-${createHash("sha256").update(grant.email).digest("hex").slice(0, 24)}`,
      email: grant.email,
      email_verified: grant.emailVerified,
      ...(given ? { given_name: given } : {}),
      ...(family.length ? { family_name: family.join(" ") } : {}),
    };
  });
};
