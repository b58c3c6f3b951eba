import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { users } from "@croupier/db/schema/index";
import { okEnvelope } from "@croupier/contract/envelope";
import {
  authProfile,
  codeLoginBody,
  loginBody,
  providerLoginQuery,
  providerRedirect as providerRedirectEntity,
  providerRedirectQuery,
  recaptchaSettings,
  requestLoginCodeBody,
  tokens,
  wssToken,
} from "@croupier/contract/entities/auth";
import { ok } from "../../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../../lib/request-auth.ts";
import type { IdentityServices } from "../identity-services.ts";
import { providerLogin, providerRedirect } from "../oidc/provider-login.ts";
import { finishSession } from "../sessions/finish-sessions.ts";
import { peekSession } from "../sessions/peek-session.ts";
import { startSession } from "../sessions/start-login.ts";
import { readRefreshCookie, sendTokens } from "../tokens/refresh-cookie.ts";
import { issueWssToken } from "../verify-wss-token.ts";
import { assertCaptcha } from "./captcha.ts";
import { loginWithCode, requestLoginCode } from "./login-codes.ts";
import { checkPasswordLogin } from "./login-with-password.ts";
import { visitorCountry } from "../../geo/visitor-country.ts";

const tags = ["authorization"];
const security = [{ bearerAuth: [] }];

export const authorizationRoutes = (services: IdentityServices): FastifyPluginAsyncZod => async (app) => {
  const { env, db } = services;

  app.get(
    "/authorization/info",
    { preHandler: requirePlayer, schema: { tags, security, summary: "The logged-in player's auth profile", response: { 200: okEnvelope(authProfile) } } },
    async (request) => {
      const [user] = await db.select().from(users).where(eq(users.guid, playerId(request)));
      const name = [user!.first_name, user!.last_name].filter(Boolean).join(" ");
      return ok(request, { name, email: user!.email, email_approved: user!.email_approved_at !== null, is_admin: user!.is_admin });
    },
  );

  app.post(
    "/authorization/wss-token",
    { preHandler: requirePlayer, schema: { tags, security, summary: "A 60-second token for the realtime socket", response: { 200: okEnvelope(wssToken) } } },
    async (request) => ok(request, { token: await issueWssToken(env, { userId: playerId(request), sessionId: request.auth!.sessionId }) }),
  );

  app.post(
    "/authorization/login",
    {
      schema: {
        tags,
        summary: "Log in with email and password (starts a new session; the caller's anonymous one ends)",
        security: [{ bearerAuth: [] }, {}],
        description:
          "Headers: X-Captcha-Response when captcha is on; window-size (e.g. 1920*1080) for the session log. " +
          "10 failures for one account from one IP lock that pair for 30 minutes; an IP also has an overall limit.",
        body: loginBody,
        response: { 200: okEnvelope(tokens) },
      },
    },
    async (request, reply) => {
      await assertCaptcha(request, env, services.captcha);
      const userId = await checkPasswordLogin(services, { ...request.body, ip: request.ip });
      const session = await startSession(services, request, userId, "password");
      return ok(request, sendTokens(request, reply, env, session));
    },
  );

  app.post(
    "/authorization/code-login",
    { schema: { tags, security: [{ bearerAuth: [] }, {}], summary: "Log in with a mailed code or magic link", body: codeLoginBody, response: { 200: okEnvelope(tokens) } } },
    async (request, reply) => {
      const userId = await loginWithCode(services, { token: request.body.token, email: request.body.email, ip: request.ip });
      const session = await startSession(services, request, userId, "magic_link");
      return ok(request, sendTokens(request, reply, env, session));
    },
  );

  app.post(
    "/authorization/request-login-code",
    {
      schema: {
        tags,
        summary: "Mail a login code and magic link (same answer for unknown addresses)",
        security: [],
        body: requestLoginCodeBody,
        response: { 200: okEnvelope(z.null()) },
      },
    },
    async (request) => {
      await requestLoginCode(services, { email: request.body.email, ip: request.ip });
      return ok(request, null);
    },
  );

  app.post(
    "/authorization/logout",
    { schema: { tags, security, summary: "End this session; returns a fresh anonymous session", response: { 200: okEnvelope(tokens) } } },
    async (request, reply) => {
      // A browser whose tab lost its access token still logs out the session its cookie names.
      const refreshCookie = request.auth ? undefined : readRefreshCookie(request, env);
      const ending = request.auth ?? (refreshCookie ? await peekSession(services.database, env, refreshCookie) : null);
      if (ending) await finishSession(db, { sessionId: ending.sessionId, reason: "logout" });
      request.auth = null;
      const session = await startSession(services, request, null);
      return ok(request, sendTokens(request, reply, env, session));
    },
  );

  app.get(
    "/authorization/provider-redirect",
    {
      schema: {
        tags,
        summary: "Start an identity-provider login (OpenID Connect, PKCE)",
        security: [],
        querystring: providerRedirectQuery,
        response: { 200: okEnvelope(providerRedirectEntity) },
      },
    },
    async (request) => {
      const redirect_url = await providerRedirect(services, {
        provider: request.query.provider,
        currencyGuid: request.query.currency_guid,
        bTag: request.query.b_tag,
      });
      return ok(request, { redirect_url });
    },
  );

  app.post(
    "/authorization/provider-login",
    {
      schema: {
        tags,
        summary: "Finish an identity-provider login with the state and code it returned",
        security: [{ bearerAuth: [] }, {}],
        querystring: providerLoginQuery,
        response: { 200: okEnvelope(tokens) },
      },
    },
    async (request, reply) => {
      const userId = await providerLogin(services, request.query, { visitorCountry: visitorCountry(request, env) });
      const session = await startSession(services, request, userId, "provider");
      return ok(request, sendTokens(request, reply, env, session));
    },
  );

  app.get(
    "/authorization/recaptcha",
    { schema: { tags, security: [], summary: "Whether captcha is on, and the site key", response: { 200: okEnvelope(recaptchaSettings) } } },
    async (request) => ok(request, { enabled: env.CAPTCHA_ENABLED, site_key: env.RECAPTCHA_SITE_KEY || null }),
  );
};
