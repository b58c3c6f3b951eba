import { okEnvelope } from "@croupier/contract/envelope";
import {
  adjustment,
  adjustmentPage,
  adjustmentsQuery,
  createAdjustmentInput,
  decisionInput,
  idParams,
  withdrawalDetail,
  withdrawalReviewPage,
  withdrawalsQuery,
} from "@croupier/contract/backoffice/money-review";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";
import { currentStaff } from "../../lib/staff-auth.ts";
import { createMailer } from "../mail/mailer.ts";
import { createProviderRegistry } from "../payments/psp/provider-registry.ts";
import type { PaymentsContext } from "../payments/payments-context.ts";
import { auditActor } from "../staff/record-audit.ts";
import { approveAdjustment } from "./approve-adjustment.ts";
import { approveWithdrawal } from "./approve-withdrawal.ts";
import { declineWithdrawal } from "./decline-withdrawal.ts";
import { getWithdrawal } from "./get-withdrawal.ts";
import { listAdjustments } from "./list-adjustments.ts";
import { listWithdrawals } from "./list-withdrawals.ts";
import { rejectAdjustment } from "./reject-adjustment.ts";
import { requestAdjustment } from "./request-adjustment.ts";

const adjustmentTags = ["Back office: adjustments"];
const withdrawalTags = ["Back office: withdrawals"];

// Back-office routes of this module, mounted under /api/backoffice/v1 by routes/backoffice-v1.ts.
// Every route declares config.permission (packages/contract/src/staff-permissions.ts). ADR 018.
export const moneyReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const mailer = createMailer(app.env, db, app.log);
  const payments: PaymentsContext = {
    db,
    env: app.env,
    providers: createProviderRegistry({ db, env: app.env }),
    log: app.log,
  };
  /** The signed-in staff member as an audit actor with their id and email. */
  const actorOf = (request: Parameters<typeof currentStaff>[0]) => {
    const staff = currentStaff(request);
    return { ...auditActor(request), staffId: staff.staffId, email: staff.email };
  };

  app.post(
    "/adjustments",
    {
      config: { permission: "adjustments.request" },
      bodyLimit: 4096,
      schema: {
        tags: adjustmentTags,
        summary: "Credit or debit a player's cash or bonus pocket (four eyes above the approval threshold)",
        description:
          "At or below ADJUSTMENT_APPROVAL_THRESHOLD (default currency) the money moves at once (status applied); above " +
          "it the request waits (status pending) for another staff member with adjustments.approve. idempotency_key: " +
          "a retry answers the same adjustment; other parameters with the same key are a CONFLICT. A debit beyond the " +
          "pocket is NOT_ENOUGH_MONEY naming what is available.",
        body: createAdjustmentInput,
        response: { 200: okEnvelope(adjustment) },
      },
    },
    async (request) => {
      const result = await requestAdjustment(db, app.env, actorOf(request), request.body);
      return ok(request, result.adjustment);
    },
  );

  app.get(
    "/adjustments",
    {
      config: { permission: "adjustments.request" },
      schema: {
        tags: adjustmentTags,
        summary: "Adjustments by status and player (pending: oldest first; others newest first; audited)",
        querystring: adjustmentsQuery,
        response: { 200: okEnvelope(adjustmentPage) },
      },
    },
    async (request) => ok(request, await listAdjustments(db, auditActor(request), request.query)),
  );

  app.post(
    "/adjustments/:id/approve",
    {
      config: { permission: "adjustments.approve" },
      schema: {
        tags: adjustmentTags,
        summary: "Approve another staff member's pending adjustment: its money moves now, exactly once",
        params: idParams,
        response: { 200: okEnvelope(adjustment) },
      },
    },
    async (request) => ok(request, await approveAdjustment(db, actorOf(request), request.params.id)),
  );

  app.post(
    "/adjustments/:id/reject",
    {
      config: { permission: "adjustments.approve" },
      bodyLimit: 4096,
      schema: {
        tags: adjustmentTags,
        summary: "Reject a pending adjustment with a reason; no money moves",
        params: idParams,
        body: decisionInput,
        response: { 200: okEnvelope(adjustment) },
      },
    },
    async (request) =>
      ok(request, await rejectAdjustment(db, actorOf(request), { id: request.params.id, reason: request.body.reason })),
  );

  app.get(
    "/withdrawals",
    {
      config: { permission: "withdrawals.read" },
      schema: {
        tags: withdrawalTags,
        summary: "The withdrawal review queue with risk signals (audited)",
        querystring: withdrawalsQuery,
        response: { 200: okEnvelope(withdrawalReviewPage) },
      },
    },
    async (request) => ok(request, await listWithdrawals(db, auditActor(request), request.query)),
  );

  app.get(
    "/withdrawals/:id",
    {
      config: { permission: "withdrawals.read" },
      schema: {
        tags: withdrawalTags,
        summary: "One withdrawal with its risk signals, the wallet's balances and its history (audited)",
        params: idParams,
        response: { 200: okEnvelope(withdrawalDetail) },
      },
    },
    async (request) => ok(request, await getWithdrawal(db, auditActor(request), request.params.id)),
  );

  app.post(
    "/withdrawals/:id/approve",
    {
      config: { permission: "withdrawals.decide" },
      schema: {
        tags: withdrawalTags,
        summary: "Approve an in-review withdrawal: the payout goes to the PSP (once)",
        params: idParams,
        response: { 200: okEnvelope(withdrawalDetail) },
      },
    },
    async (request) => {
      await approveWithdrawal(payments, actorOf(request), request.params.id);
      return ok(request, await getWithdrawal(db, auditActor(request), request.params.id));
    },
  );

  app.post(
    "/withdrawals/:id/decline",
    {
      config: { permission: "withdrawals.decide" },
      bodyLimit: 4096,
      schema: {
        tags: withdrawalTags,
        summary: "Decline an in-review withdrawal with a reason: the reserved cash returns, the player is told (once)",
        params: idParams,
        body: decisionInput,
        response: { 200: okEnvelope(withdrawalDetail) },
      },
    },
    async (request) => {
      await declineWithdrawal({ ...payments, mailer }, actorOf(request), {
        paymentGuid: request.params.id,
        reason: request.body.reason,
      });
      return ok(request, await getWithdrawal(db, auditActor(request), request.params.id));
    },
  );
};
