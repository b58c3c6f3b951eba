import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  rakebackStaffAccrual,
  rakebackStaffBalance,
  rakebackStaffClaim,
  rakebackStaffQuery,
} from "@croupier/contract/backoffice/rakeback";
import { listEnvelope } from "@croupier/contract/envelope";
import { list } from "../../lib/envelope.ts";
import { auditActor } from "../staff/record-audit.ts";
import { listStaffRakebackAccruals } from "./list-staff-rakeback-accruals.ts";
import { listStaffRakebackBalances } from "./list-staff-rakeback-balances.ts";
import { listStaffRakebackClaims } from "./list-staff-rakeback-claims.ts";

const tags = ["Back office: rakeback"];

/**
 * Staff: rakeback accruals, balances and claims per player and campaign (issue #18), bonuses.manage
 * like every bonus view. Read-only: rakeback money moves only by the player's claim. The balances list
 * shows emails and is audited as a bulk read of personal data; the others carry player ids only.
 */
export const rakebackStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const config = { permission: "bonuses.manage" } as const;

  app.get(
    "/rakeback/balances",
    {
      config,
      schema: {
        tags,
        summary: "Rakeback balances per wallet, most recently accrued first (filter by player_guid, bonus_guid; audited read)",
        querystring: rakebackStaffQuery,
        response: { 200: listEnvelope(rakebackStaffBalance) },
      },
    },
    async (request) => {
      const { items, pager } = await listStaffRakebackBalances(db, auditActor(request), request.query);
      return list(request, items, pager);
    },
  );

  app.get(
    "/rakeback/accruals",
    {
      config,
      schema: {
        tags,
        summary: "Rakeback accruals (one per real-money bet), newest first (filter by player_guid, bonus_guid)",
        querystring: rakebackStaffQuery,
        response: { 200: listEnvelope(rakebackStaffAccrual) },
      },
    },
    async (request) => {
      const { items, pager } = await listStaffRakebackAccruals(db, request.query);
      return list(request, items, pager);
    },
  );

  app.get(
    "/rakeback/claims",
    {
      config,
      schema: {
        tags,
        summary: "Rakeback claims, newest first (filter by player_guid, bonus_guid)",
        querystring: rakebackStaffQuery,
        response: { 200: listEnvelope(rakebackStaffClaim) },
      },
    },
    async (request) => {
      const { items, pager } = await listStaffRakebackClaims(db, request.query);
      return list(request, items, pager);
    },
  );
};
