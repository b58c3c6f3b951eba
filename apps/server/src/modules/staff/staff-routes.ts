import { okEnvelope } from "@croupier/contract/envelope";
import {
  auditLogPage,
  auditLogQuery,
  changeOwnPasswordAnswer,
  changeOwnPasswordBody,
  createStaffBody,
  enrolAnswer,
  enrolBody,
  loginAnswer,
  loginBody,
  logoutAnswer,
  newRecoveryCodesAnswer,
  newRecoveryCodesBody,
  staffIdParams,
  staffListQuery,
  staffMe,
  staffMember,
  setStaffPasswordBody,
  staffPage,
  updateStaffBody,
  verifyAnswer,
  verifyBody,
} from "@croupier/contract/backoffice/staff";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";
import { currentStaff } from "../../lib/staff-auth.ts";
import { changeOwnPassword } from "./change-own-password.ts";
import { createStaffMember } from "./create-staff-member.ts";
import { endStaffSession } from "./end-staff-session.ts";
import { enrolTwoFactor } from "./enrol-two-factor.ts";
import { listAuditLog } from "./list-audit-log.ts";
import { listStaffMembers } from "./list-staff-members.ts";
import { loadStaffMe } from "./load-staff-me.ts";
import { auditActor } from "./record-audit.ts";
import { renewRecoveryCodes } from "./renew-recovery-codes.ts";
import { resetStaffTwoFactor } from "./reset-staff-two-factor.ts";
import { setStaffPassword } from "./set-staff-password.ts";
import { StaffRateLimitedError } from "./staff-attempt-limits.ts";
import type { StaffAuthContext } from "./staff-auth-context.ts";
import { startStaffLogin } from "./start-staff-login.ts";
import { updateStaffMember } from "./update-staff-member.ts";
import { verifyTwoFactor } from "./verify-two-factor.ts";

const tags = ["Back office: staff"];
// Sign-in and management bodies are a few short strings.
const bodyLimit = 8 * 1024;

/** A refused attempt says when to come back, in Retry-After as well as in words. */
async function withRetryAfter<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof StaffRateLimitedError) reply.header("retry-after", String(error.retry_after_s));
    throw error;
  }
}

// Back-office routes of the staff module, mounted under /api/backoffice/v1 by routes/backoffice-v1.ts
// (ADR 017). Every route declares config.permission (packages/contract/src/staff-permissions.ts).
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const authContext = (request: FastifyRequest): StaffAuthContext => ({
    env: app.env,
    database: app.database,
    actor: auditActor(request),
    userAgent: request.headers["user-agent"] ?? null,
  });

  app.post(
    "/auth/login",
    {
      config: { permission: "public" },
      bodyLimit,
      schema: {
        tags,
        summary: "Staff sign-in, step 1: email and password",
        description:
          'Answers step "enrol" (two-factor not set up: show otpauth_uri as a QR code, then POST /auth/enrol) or ' +
          '"verify" (POST /auth/verify). 401 "Wrong email or password." for an unknown email too; 429 with ' +
          "Retry-After after too many failures.",
        body: loginBody,
        response: { 200: okEnvelope(loginAnswer) },
      },
    },
    async (request, reply) =>
      ok(request, await withRetryAfter(reply, startStaffLogin(authContext(request), request.body))),
  );

  app.post(
    "/auth/enrol",
    {
      config: { permission: "public" },
      bodyLimit,
      schema: {
        tags,
        summary: "Staff sign-in, step 2 at first sign-in: confirm the authenticator with its first code",
        description: "Answers the staff token and ten recovery codes, shown once.",
        body: enrolBody,
        response: { 200: okEnvelope(enrolAnswer) },
      },
    },
    async (request, reply) =>
      ok(request, await withRetryAfter(reply, enrolTwoFactor(authContext(request), request.body))),
  );

  app.post(
    "/auth/verify",
    {
      config: { permission: "public" },
      bodyLimit,
      schema: {
        tags,
        summary: "Staff sign-in, step 2: the authenticator's code or a recovery code",
        body: verifyBody,
        response: { 200: okEnvelope(verifyAnswer) },
      },
    },
    async (request, reply) =>
      ok(request, await withRetryAfter(reply, verifyTwoFactor(authContext(request), request.body))),
  );

  app.post(
    "/auth/logout",
    {
      config: { permission: "self" },
      schema: { tags, summary: "End this staff session", response: { 200: okEnvelope(logoutAnswer) } },
    },
    async (request) => {
      await endStaffSession(db, auditActor(request), currentStaff(request).sessionId);
      return ok(request, {});
    },
  );

  app.get(
    "/me",
    {
      config: { permission: "self" },
      schema: {
        tags,
        summary: "The signed-in staff member and what their role allows",
        response: { 200: okEnvelope(staffMe) },
      },
    },
    async (request) => ok(request, await loadStaffMe(db, currentStaff(request).staffId)),
  );

  app.post(
    "/me/recovery-codes",
    {
      config: { permission: "self" },
      bodyLimit,
      schema: {
        tags,
        summary: "A new set of recovery codes (the old set stops working), against a fresh authenticator code",
        body: newRecoveryCodesBody,
        response: { 200: okEnvelope(newRecoveryCodesAnswer) },
      },
    },
    async (request, reply) => {
      const actor = { ...auditActor(request), staffId: currentStaff(request).staffId };
      const codes = await withRetryAfter(
        reply,
        renewRecoveryCodes(app.database, app.env.STAFF_SECRET_KEY, actor, request.body.code),
      );
      return ok(request, { recovery_codes: codes });
    },
  );

  app.post(
    "/me/password",
    {
      config: { permission: "self" },
      bodyLimit,
      schema: {
        tags,
        summary: "Change one's own password (current password and a fresh authenticator code; other sessions end)",
        body: changeOwnPasswordBody,
        response: { 200: okEnvelope(changeOwnPasswordAnswer) },
      },
    },
    async (request, reply) => {
      const staff = currentStaff(request);
      const me = { ...auditActor(request), staffId: staff.staffId, sessionId: staff.sessionId };
      return ok(
        request,
        await withRetryAfter(reply, changeOwnPassword(app.database, app.env.STAFF_SECRET_KEY, me, request.body)),
      );
    },
  );

  app.get(
    "/staff",
    {
      config: { permission: "staff.manage" },
      schema: {
        tags,
        summary: "Staff members, newest first (keyset pages)",
        querystring: staffListQuery,
        response: { 200: okEnvelope(staffPage) },
      },
    },
    async (request) => ok(request, await listStaffMembers(db, request.query)),
  );

  app.post(
    "/staff",
    {
      config: { permission: "staff.manage" },
      bodyLimit,
      schema: {
        tags,
        summary: "Add a staff member (they enrol two-factor at first sign-in)",
        body: createStaffBody,
        response: { 200: okEnvelope(staffMember) },
      },
    },
    async (request) => ok(request, await createStaffMember(db, auditActor(request), request.body)),
  );

  app.patch(
    "/staff/:id",
    {
      config: { permission: "staff.manage" },
      bodyLimit,
      schema: {
        tags,
        summary: "Change a staff member's role, status or display name (disabling ends their sessions)",
        params: staffIdParams,
        body: updateStaffBody,
        response: { 200: okEnvelope(staffMember) },
      },
    },
    async (request) => ok(request, await updateStaffMember(db, auditActor(request), request.params.id, request.body)),
  );

  app.post(
    "/staff/:id/reset-two-factor",
    {
      config: { permission: "staff.manage" },
      schema: {
        tags,
        summary: "Reset a staff member's two-factor (lost phone): sessions end, they enrol again at next sign-in",
        params: staffIdParams,
        response: { 200: okEnvelope(staffMember) },
      },
    },
    async (request) => ok(request, await resetStaffTwoFactor(db, auditActor(request), request.params.id)),
  );

  app.post(
    "/staff/:id/password",
    {
      config: { permission: "staff.manage" },
      bodyLimit,
      schema: {
        tags,
        summary: "Set a new password for a staff member who forgot theirs (their sessions end; two-factor stays)",
        params: staffIdParams,
        body: setStaffPasswordBody,
        response: { 200: okEnvelope(staffMember) },
      },
    },
    async (request) =>
      ok(request, await setStaffPassword(db, auditActor(request), request.params.id, request.body.password)),
  );

  app.get(
    "/audit-log",
    {
      config: { permission: "audit.read" },
      schema: {
        tags,
        summary: "The staff audit log, newest first, filtered by staff member, player, action and time",
        querystring: auditLogQuery,
        response: { 200: okEnvelope(auditLogPage) },
      },
    },
    async (request) => ok(request, await listAuditLog(db, request.query)),
  );
};
