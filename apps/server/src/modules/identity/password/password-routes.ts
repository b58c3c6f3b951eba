import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { baseMetadata } from "@croupier/contract/envelope";
import { emailRequestBody, passwordResetBody, passwordUpdateBody } from "@croupier/contract/entities/profile";
import { ok } from "../../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../../lib/request-auth.ts";
import { assertCaptcha } from "../authorization/captcha.ts";
import type { IdentityServices } from "../identity-services.ts";
import { requestPasswordReset, resetPassword, updatePassword } from "./password-recovery.ts";

const tags = ["password"];
const okNull = z.object({ status: z.literal("ok"), payload: z.null(), metadata: baseMetadata });
const POLICY = "Password policy: 8 to 128 characters, not your email address, not a common password.";

export const passwordRoutes = (services: IdentityServices): FastifyPluginAsyncZod => async (app) => {
  app.post(
    "/password/token",
    {
      schema: {
        tags,
        summary: "Mail a password reset link (?modal=setNewPassword&token=…, single use, 1 h)",
        security: [],
        description: "Same answer for unknown addresses. Header X-Captcha-Response when captcha is on.",
        body: emailRequestBody,
        response: { 200: okNull },
      },
    },
    async (request) => {
      await assertCaptcha(request, services.env, services.captcha);
      await requestPasswordReset(services, { email: request.body.email, redirectUrl: request.body.redirect_url, ip: request.ip });
      return ok(request, null);
    },
  );

  app.post(
    "/password/reset",
    { schema: { tags, security: [], summary: "Set a new password with a mailed token; ends every session", description: POLICY, body: passwordResetBody, response: { 200: okNull } } },
    async (request) => {
      await resetPassword(services, { token: request.body.token, newPassword: request.body.new_password });
      return ok(request, null);
    },
  );

  app.post(
    "/password/update",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: "Change the password; ends the caller's other sessions",
        description: POLICY,
        body: passwordUpdateBody,
        response: { 200: okNull },
      },
    },
    async (request) => {
      await updatePassword(services, {
        userId: playerId(request),
        sessionId: request.auth!.sessionId,
        currentPassword: request.body.current_password,
        newPassword: request.body.new_password,
      });
      return ok(request, null);
    },
  );
};
