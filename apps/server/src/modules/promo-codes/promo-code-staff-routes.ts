import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createPromoCodeInput,
  generatePromoCodesInput,
  promoCodeActivationRow,
  promoCodeActivationsQuery,
  promoCodeBatch,
  promoCodeParams,
  promoCodesExportQuery,
  promoCodesQuery,
  promoCodeStatusInput,
  staffPromoCode,
  PROMO_BATCH_MAX,
  PROMO_EXPORT_MAX,
} from "@croupier/contract/backoffice/promo-codes";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import { list, ok } from "../../lib/envelope.ts";
import { auditActor } from "../staff/record-audit.ts";
import { changePromoCodeStatus } from "./change-promo-code-status.ts";
import { createPromoCode } from "./create-promo-code.ts";
import { exportPromoCodes } from "./export-promo-codes.ts";
import { generatePromoCodeBatch } from "./generate-promo-code-batch.ts";
import { listPromoCodeActivations } from "./list-promo-code-activations.ts";
import { listPromoCodes } from "./list-promo-codes.ts";

const tags = ["Back office: promo codes"];
// A code's terms: a few short strings, a conditions text and at most 100 segments and 250 countries.
const bodyLimit = 64 * 1024;

/**
 * Staff: promo codes of promo-code campaigns, chosen and batch-generated, CSV export, enable and
 * disable, a code's redemptions (issue #18, ADR 034). Every call needs bonuses.manage (marketing,
 * admin) like the campaigns themselves; every change and every export is audited in its transaction.
 */
export const promoCodeStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const config = { permission: "bonuses.manage" } as const;

  app.get(
    "/promo-codes",
    {
      config,
      schema: {
        tags,
        summary: "Promo codes, newest first: filter by campaign, batch, status or the start of the code",
        querystring: promoCodesQuery,
        response: { 200: listEnvelope(staffPromoCode) },
      },
    },
    async (request) => {
      const { items, pager } = await listPromoCodes(db, request.query);
      return list(request, items, pager);
    },
  );

  app.post(
    "/promo-codes",
    {
      config,
      bodyLimit,
      schema: {
        tags,
        summary: "Create a chosen code (e.g. WELCOME100) for a promo-code campaign (audited)",
        description: "The code is stored upper-case; 409 CONFLICT on body.code when it exists.",
        body: createPromoCodeInput,
        response: { 200: okEnvelope(staffPromoCode) },
      },
    },
    async (request) => ok(request, await createPromoCode(db, auditActor(request), request.body)),
  );

  app.post(
    "/promo-codes/batches",
    {
      config,
      bodyLimit,
      schema: {
        tags,
        summary: `Generate a batch of up to ${PROMO_BATCH_MAX} unique random codes (audited)`,
        description:
          "Codes are the optional prefix and `length` characters of an unambiguous alphabet, drawn with crypto.randomInt; " +
          "codes that collide with existing ones are regenerated. The full list is GET /promo-codes/export.csv?batch_guid=.",
        body: generatePromoCodesInput,
        response: { 200: okEnvelope(promoCodeBatch) },
      },
    },
    async (request) => ok(request, await generatePromoCodeBatch(db, auditActor(request), request.body)),
  );

  app.get(
    "/promo-codes/export.csv",
    {
      config,
      schema: {
        tags,
        summary: "A batch's or a campaign's codes as CSV (audited)",
        description: `text/csv attachment (RFC 4180, CRLF), by code; at most ${PROMO_EXPORT_MAX} rows (409 beyond: export per batch).`,
        querystring: promoCodesExportQuery,
      },
    },
    async (request, reply) => exportPromoCodes(db, request, reply, request.query),
  );

  app.post(
    "/promo-codes/:guid/status",
    {
      config,
      schema: {
        tags,
        summary: "Enable or disable a code (audited); redemptions already made stay",
        params: promoCodeParams,
        body: promoCodeStatusInput,
        response: { 200: okEnvelope(staffPromoCode) },
      },
    },
    async (request) =>
      ok(request, await changePromoCodeStatus(db, auditActor(request), request.params.guid, request.body.status)),
  );

  app.get(
    "/promo-codes/:guid/activations",
    {
      config,
      schema: {
        tags,
        summary: "Who redeemed a code, newest first, with the customer bonus it granted",
        params: promoCodeParams,
        querystring: promoCodeActivationsQuery,
        response: { 200: listEnvelope(promoCodeActivationRow) },
      },
    },
    async (request) => {
      const { items, pager } = await listPromoCodeActivations(db, {
        guid: request.params.guid,
        page: request.query.page,
        perPage: request.query.per_page,
      });
      return list(request, items, pager);
    },
  );
};
