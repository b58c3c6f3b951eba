import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { asc, count } from "drizzle-orm";
import { projectSettings, signupFieldSettings } from "@croupier/db/schema/index";
import { baseMetadata, listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import { tokens } from "@croupier/contract/entities/auth";
import {
  emailRequestBody,
  newRegistrationProfile,
  newRegistrationSignupBody,
  profile,
  signupBody,
  signupFieldSetting,
  signupFieldsQuery,
  tokenBody,
} from "@croupier/contract/entities/profile";
import { list, ok } from "../../../lib/envelope.ts";
import { assertCaptcha } from "../authorization/captcha.ts";
import { assertMailQuota } from "../authorization/login-codes.ts";
import type { IdentityServices } from "../identity-services.ts";
import { loadProfile, toNewRegistrationProfile } from "../profile/load-profile.ts";
import { startSession } from "../sessions/start-login.ts";
import { sendTokens } from "../tokens/refresh-cookie.ts";
import { iso } from "../shared/secrets.ts";
import { requestEmailApproval, verifyEmail } from "./email-approval.ts";
import { fromNewSignup, fromOldSignup, signUp } from "./sign-up.ts";
import { visitorCountry } from "../../geo/visitor-country.ts";

const tags = ["signup"];
const okNull = z.object({ status: z.literal("ok"), payload: z.null(), metadata: baseMetadata });
const DESCRIPTION =
  "Creates the account, logs the caller in (a new session; the anonymous one ends) and mails the email-approval link. " +
  "Required fields follow /signup/fields. Password policy: 8 to 128 characters, not your email, not a common password. " +
  "Header X-Captcha-Response when captcha is on.";

export const signupRoutes = (services: IdentityServices): FastifyPluginAsyncZod => async (app) => {
  const { db, env } = services;

  app.post(
    "/signup",
    {
      schema: {
        tags,
        summary: "Sign up",
        security: [{ bearerAuth: [] }, {}],
        description: DESCRIPTION,
        body: signupBody,
        response: { 200: okEnvelope(tokens.extend({ profile })) },
      },
    },
    async (request, reply) => {
      await assertCaptcha(request, env, services.captcha);
      const userId = await signUp(services, fromOldSignup(request.body), "old", { visitorCountry: visitorCountry(request, env), clientAddress: request.ip });
      const session = await startSession(services, request, userId, "password");
      return ok(request, { ...sendTokens(request, reply, env, session), profile: await loadProfile(db, userId) });
    },
  );

  app.post(
    "/signup/new-registration/signup",
    {
      schema: {
        tags,
        summary: "Sign up (new-registration naming)",
        security: [{ bearerAuth: [] }, {}],
        description: DESCRIPTION,
        body: newRegistrationSignupBody,
        response: { 200: okEnvelope(tokens.extend({ profile: newRegistrationProfile })) },
      },
    },
    async (request, reply) => {
      await assertCaptcha(request, env, services.captcha);
      const userId = await signUp(services, fromNewSignup(request.body), "new", { visitorCountry: visitorCountry(request, env), clientAddress: request.ip });
      const session = await startSession(services, request, userId, "password");
      return ok(request, {
        ...sendTokens(request, reply, env, session),
        profile: toNewRegistrationProfile(await loadProfile(db, userId)),
      });
    },
  );

  app.get(
    "/signup/fields",
    { schema: { tags, security: [], summary: "Which sign-up fields are shown and required", querystring: signupFieldsQuery, response: { 200: listEnvelope(signupFieldSetting) } } },
    async (request) => {
      const { page, per_page } = request.query;
      const [project] = await db.select({ guid: projectSettings.guid }).from(projectSettings).limit(1);
      const [total] = await db.select({ n: count() }).from(signupFieldSettings);
      const rows = await db
        .select()
        .from(signupFieldSettings)
        .orderBy(asc(signupFieldSettings.ordering), asc(signupFieldSettings.field_name))
        .limit(per_page)
        .offset((page - 1) * per_page);
      const items = rows.map((r) => ({
        guid: r.guid,
        project_guid: project?.guid ?? r.guid,
        is_displayed: r.is_displayed,
        is_required: r.is_required,
        field_name: r.field_name,
        can_be_fixed: r.can_be_fixed,
        created_at: iso(r.created_at)!,
        updated_at: iso(r.updated_at)!,
      }));
      return list(request, items, { page, per_page, total: Number(total?.n ?? 0) });
    },
  );

  app.post(
    "/signup/request",
    { schema: { tags, security: [], summary: "Mail the email-approval link again (/?token=…); same answer for any address", body: emailRequestBody, response: { 200: okNull } } },
    async (request) => {
      await assertMailQuota(services, request.body.email, request.ip);
      await requestEmailApproval(services, { email: request.body.email, redirectUrl: request.body.redirect_url });
      return ok(request, null);
    },
  );

  app.post(
    "/signup/verify",
    { schema: { tags, security: [], summary: "Approve the email address with the mailed token (single use)", body: tokenBody, response: { 200: okNull } } },
    async (request) => {
      await verifyEmail(services, request.body.token);
      return ok(request, null);
    },
  );
};
