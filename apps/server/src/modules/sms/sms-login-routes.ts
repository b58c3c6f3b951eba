import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { okEnvelope } from "@croupier/contract/envelope";
import { tokens } from "@croupier/contract/entities/auth";
import { smsLoginBody, smsLoginCodeRequestBody } from "@croupier/contract/entities/sms-login";
import { AppError } from "../../lib/app-error.ts";
import { ok } from "../../lib/envelope.ts";
import { assertCaptcha } from "../identity/authorization/captcha.ts";
import type { IdentityServices } from "../identity/identity-services.ts";
import { startSession } from "../identity/sessions/start-login.ts";
import { sendTokens } from "../identity/tokens/refresh-cookie.ts";
import { loginWithSmsCode } from "./login-with-sms-code.ts";
import { requestSmsLoginCode } from "./request-sms-login-code.ts";

const tags = ["authorization"];
const BODY_LIMIT_BYTES = 1024;

/** Log in by SMS code (ADR 025), under /api/v1, only while the `sms-auth` feature flag is on. */
export const smsLoginRoutes =
  (services: IdentityServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { env } = services;
    const assertEnabled = () => {
      if (!env.features.has("sms-auth")) throw new AppError("FEATURE_DISABLED", "Log in by SMS code is not available.");
    };

    app.post(
      "/authorization/sms-code/request",
      {
        bodyLimit: BODY_LIMIT_BYTES,
        schema: {
          tags,
          summary: "Text a login code to a verified phone (same answer for any number)",
          description:
            "Feature flag sms-auth. Header X-Captcha-Response when captcha is on. At most 3 requests per number and 10 per " +
            "address in 15 minutes, and one code a minute per account; a new code ends the older ones.",
          security: [],
          body: smsLoginCodeRequestBody,
          response: { 200: okEnvelope(z.null()) },
        },
      },
      async (request) => {
        assertEnabled();
        await assertCaptcha(request, env, services.captcha);
        await requestSmsLoginCode(services, { ...request.body, ip: request.ip }, request.log);
        return ok(request, null);
      },
    );

    app.post(
      "/authorization/sms-code/login",
      {
        bodyLimit: BODY_LIMIT_BYTES,
        schema: {
          tags,
          summary: "Log in with a texted code (starts a new session; the caller's anonymous one ends)",
          description:
            "Feature flag sms-auth. The code works once, for 5 minutes and 5 wrong tries; 10 wrong codes from one address lock it for 30 minutes.",
          security: [{ bearerAuth: [] }, {}],
          body: smsLoginBody,
          response: { 200: okEnvelope(tokens) },
        },
      },
      async (request, reply) => {
        assertEnabled();
        const userId = await loginWithSmsCode(services, { ...request.body, ip: request.ip });
        const session = await startSession(services, request, userId);
        return ok(request, sendTokens(request, reply, env, session));
      },
    );
  };
