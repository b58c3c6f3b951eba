import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createMailer } from "../mail/mailer.ts";
import { createSmsSender } from "../sms/sms-sender.ts";
import { authorizationRoutes } from "./authorization/authorization-routes.ts";
import { recaptchaVerifier, type CaptchaVerifier } from "./authorization/captcha.ts";
import type { IdentityServices } from "./identity-services.ts";
import { createOidcRegistry, type FetchLike } from "./oidc/oidc-registry.ts";
import { passwordRoutes } from "./password/password-routes.ts";
import { profileRoutes } from "./profile/profile-routes.ts";
import { sessionRoutes } from "./sessions/session-routes.ts";
import { signupRoutes } from "./signup/signup-routes.ts";
import { smsLoginRoutes } from "../sms/sms-login-routes.ts";

export type IdentityRoutesOptions = { captcha?: CaptchaVerifier };

/**
 * Every identity call (authorization, sessions, password, profile, signup) under /api/v1.
 * The development identity provider's back channel goes through app.inject, so the whole
 * redirect flow runs without a listening socket (tests) as well as with one.
 */
export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, options) => {
  const devFetch: FetchLike = async (url, init) => {
    const target = new URL(url);
    const res = await app.inject({
      method: (init?.method ?? "GET") as "GET" | "POST",
      url: target.pathname + target.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: typeof init?.body === "string" ? init.body : undefined,
    });
    return new Response(res.body, { status: res.statusCode, headers: { "content-type": String(res.headers["content-type"] ?? "") } });
  };
  const services: IdentityServices = {
    env: app.env,
    database: app.database,
    db: app.database.db,
    mailer: createMailer(app.env, app.database.db, app.log),
    sms: createSmsSender(app.env, app.database.db, app.log),
    captcha: options.captcha ?? recaptchaVerifier(app.env),
    oidc: createOidcRegistry(app.env, devFetch),
  };
  await app.register(authorizationRoutes(services));
  await app.register(sessionRoutes(services));
  await app.register(passwordRoutes(services));
  await app.register(profileRoutes(services));
  await app.register(signupRoutes(services));
  await app.register(smsLoginRoutes(services));
};
