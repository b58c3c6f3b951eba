import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { baseMetadata, okEnvelope } from "@croupier/contract/envelope";
import { newRegistrationProfile, profile, profileUpdateBody, segment, smsCodeVerifyBody } from "@croupier/contract/entities/profile";
import { ok } from "../../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../../lib/request-auth.ts";
import type { IdentityServices } from "../identity-services.ts";
import { loadProfile, loadSegments, toNewRegistrationProfile } from "./load-profile.ts";
import { sendSmsCode, verifySmsCode } from "./sms-codes.ts";
import { updateProfile } from "./update-profile.ts";

const tags = ["profile"];
const security = [{ bearerAuth: [] }];
const okNull = z.object({ status: z.literal("ok"), payload: z.null(), metadata: baseMetadata });

export const profileRoutes = (services: IdentityServices): FastifyPluginAsyncZod => async (app) => {
  const { db } = services;
  app.addHook("preHandler", requirePlayer);

  app.get("/profile", { schema: { tags, security, summary: "The player's profile", response: { 200: okEnvelope(profile) } } }, async (request) =>
    ok(request, await loadProfile(db, playerId(request))),
  );
  app.post(
    "/profile",
    {
      schema: {
        tags,
        security,
        summary: "Save profile fields (partial: only sent fields change; either naming accepted)",
        body: profileUpdateBody,
        response: { 200: okEnvelope(profile) },
      },
    },
    async (request) => {
      await updateProfile(services, playerId(request), request.body);
      return ok(request, await loadProfile(db, playerId(request)));
    },
  );
  app.get(
    "/profile/new-registration/profile",
    { schema: { tags, security, summary: "The player's profile (new-registration naming)", response: { 200: okEnvelope(newRegistrationProfile) } } },
    async (request) => ok(request, toNewRegistrationProfile(await loadProfile(db, playerId(request)))),
  );
  app.post(
    "/profile/new-registration/profile",
    {
      schema: {
        tags,
        security,
        summary: "Save profile fields (new-registration naming; partial)",
        body: profileUpdateBody,
        response: { 200: okEnvelope(newRegistrationProfile) },
      },
    },
    async (request) => {
      await updateProfile(services, playerId(request), request.body);
      return ok(request, toNewRegistrationProfile(await loadProfile(db, playerId(request))));
    },
  );
  app.get(
    "/segments",
    { schema: { tags, security, summary: "The player's segments, or the default ones", response: { 200: okEnvelope(z.array(segment)) } } },
    async (request) => ok(request, await loadSegments(db, playerId(request))),
  );

  const smsSummary = "Text a 6-digit code to the profile's phone (5 min, one a minute, 5 attempts)";
  for (const path of ["/profile/sms-code/request", "/profile/sms-code/resend"]) {
    app.post(path, { schema: { tags, security, summary: smsSummary, response: { 200: okNull } } }, async (request) => {
      await sendSmsCode(services, playerId(request));
      return ok(request, null);
    });
  }
  app.post(
    "/profile/sms-code/verify",
    { schema: { tags, security, summary: "Verify the phone with the texted code", body: smsCodeVerifyBody, response: { 200: okNull } } },
    async (request) => {
      await verifySmsCode(services, playerId(request), request.body.code);
      return ok(request, null);
    },
  );
};
