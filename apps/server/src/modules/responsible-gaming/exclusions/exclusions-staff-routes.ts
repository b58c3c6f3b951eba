import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okEnvelope } from "@croupier/contract/envelope";
import { playerIdParams } from "@croupier/contract/backoffice/players";
import {
  endOperatorExclusionBody,
  exclusion,
  exclusionParams,
  exclusionPayoutBody,
  exclusionPayoutResult,
  returnRequestBody,
  operatorExclusionBody,
  staffExclusion,
  staffExclusionList,
} from "@croupier/contract/entities/exclusions";
import { ok } from "../../../lib/envelope.ts";
import { currentStaff } from "../../../lib/staff-auth.ts";
import { assertPlayerExists } from "../../player-admin/assert-player-exists.ts";
import type { PaymentsContext } from "../../payments/payments-context.ts";
import { createProviderRegistry } from "../../payments/psp/provider-registry.ts";
import { auditActor } from "../../staff/record-audit.ts";
import { applyOperatorExclusion } from "./apply-operator-exclusion.ts";
import { endOperatorExclusion } from "./end-operator-exclusion.ts";
import { listExclusions } from "./list-exclusions.ts";
import { recordReturnRequest } from "./record-return-request.ts";
import { selfExclusionNeedsReturnRequest } from "./self-exclusion-return-policy.ts";
import { payOutExcludedBalance } from "./pay-out-excluded-balance.ts";
import { realityCheckStaffRoutes } from "../reality-check/reality-check-staff-routes.ts";

const tags = ["Back office: player protection"];

/** Staff view of exclusions and operator exclusions (issue #16, ADR 020; registered in routes/backoffice-v1.ts). */
export const exclusionsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const needsReturnRequest = selfExclusionNeedsReturnRequest(app.env.jurisdiction);
  // The reality-check setting shows on the same console tab; one registered plugin serves both.
  await app.register(realityCheckStaffRoutes);
  // The payout is an ordinary withdrawal (reservation, review rule, PSP): the payments module's own context.
  const payments: PaymentsContext = {
    db,
    env: app.env,
    providers: createProviderRegistry({ db, env: app.env }),
    log: app.log,
  };
  const actorOf = (request: Parameters<typeof auditActor>[0]) => ({
    ...auditActor(request),
    staffId: currentStaff(request).staffId,
  });

  app.get(
    "/players/:id/exclusions",
    {
      config: { permission: "players.read" },
      schema: {
        tags,
        summary: "The player's time-outs, self-exclusions and operator exclusions, newest first (at most 100)",
        params: playerIdParams,
        response: { 200: okEnvelope(staffExclusionList) },
      },
    },
    async (request) => {
      await assertPlayerExists(db, request.params.id);
      return ok(request, await listExclusions(db, request.params.id, { needsReturnRequest }));
    },
  );

  app.post(
    "/players/:id/exclusions",
    {
      config: { permission: "protection.manage" },
      schema: {
        tags,
        summary: "Apply an operator exclusion with a reason (no end date: until further notice); sessions end at once",
        description:
          "Only extends: refused (409) when an exclusion in force already ends at or after the new end. Audited.",
        params: playerIdParams,
        body: operatorExclusionBody,
        response: { 200: okEnvelope(exclusion) },
      },
    },
    async (request) => ok(request, await applyOperatorExclusion(db, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    "/players/:id/exclusions/:exclusion_id/end",
    {
      config: { permission: "protection.manage" },
      schema: {
        tags,
        summary: "End an operator exclusion early (a player's own time-out or self-exclusion cannot be)",
        params: exclusionParams,
        body: endOperatorExclusionBody,
        response: { 200: okEnvelope(staffExclusion) },
      },
    },
    async (request) =>
      ok(
        request,
        await endOperatorExclusion(db, actorOf(request), {
          playerId: request.params.id,
          exclusionId: request.params.exclusion_id,
          reason: request.body.reason,
        }),
      ),
  );

  app.post(
    "/players/:id/exclusions/payout",
    {
      config: { permission: "protection.manage" },
      schema: {
        tags,
        summary: "Pay an excluded player's remaining cash out to their most recently saved card (they cannot log in)",
        description:
          "The wallet's whole cash balance becomes an ordinary withdrawal (reserved at once, then the review rule of " +
          "ADR 018 and the PSP). 409 when the player is not excluded, the wallet holds no cash or no card is saved. Audited.",
        params: playerIdParams,
        body: exclusionPayoutBody,
        response: { 200: okEnvelope(exclusionPayoutResult) },
      },
    },
    async (request) =>
      ok(
        request,
        await payOutExcludedBalance(payments, auditActor(request), {
          playerId: request.params.id,
          walletGuid: request.body.wallet_guid,
        }),
      ),
  );

  app.post(
    "/players/:id/exclusions/:exclusion_id/return",
    {
      config: { permission: "protection.manage" },
      schema: {
        tags,
        summary:
          "Record that the player asked to return after their self-exclusion ended (gb): login reopens a day later",
        description:
          "409 where the jurisdiction does not require it, for another kind, before the end, or when already recorded. Audited.",
        params: exclusionParams,
        body: returnRequestBody,
        response: { 200: okEnvelope(staffExclusion) },
      },
    },
    async (request) =>
      ok(
        request,
        await recordReturnRequest(db, actorOf(request), {
          playerId: request.params.id,
          exclusionId: request.params.exclusion_id,
          note: request.body.note,
          required: needsReturnRequest,
        }),
      ),
  );
};
