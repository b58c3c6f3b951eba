import {
  bonusLabel,
  bonusLabelInput,
  bonusPreview,
  campaignDetail,
  campaignInput,
  campaignParams,
  campaignRow,
  campaignsQuery,
  campaignStatusInput,
  labelParams,
  manualGrantInput,
  manualGrantResult,
  playerBonusesQuery,
  playerBonusParams,
  playerBonusRow,
  playerParams,
  previewQuery,
  staffCancelInput,
  staffCancelResult,
} from "@croupier/contract/backoffice/bonuses";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { list, ok } from "../../lib/envelope.ts";
import { auditActor } from "../staff/record-audit.ts";
import { cancelPlayerBonus } from "./cancel-player-bonus.ts";
import { changeCampaignStatus } from "./change-campaign-status.ts";
import { createBonusCampaign } from "./create-bonus-campaign.ts";
import { deleteBonusLabel } from "./delete-bonus-label.ts";
import { editBonusCampaign } from "./edit-bonus-campaign.ts";
import { getBonusCampaign } from "./get-bonus-campaign.ts";
import { grantManualBonus } from "./grant-manual-bonus.ts";
import { listBonusCampaigns } from "./list-bonus-campaigns.ts";
import { listBonusLabels } from "./list-bonus-labels.ts";
import { listPlayerBonuses } from "./list-player-bonuses.ts";
import { previewBonusCampaign } from "./preview-bonus-campaign.ts";
import { saveBonusLabel } from "./save-bonus-label.ts";

const tags = ["Back office: bonuses"];

/**
 * Campaigns, labels and players' bonuses for staff, under /api/backoffice/v1 (issue #17). Every
 * call needs bonuses.manage (marketing, admin): the matrix has no bonus read permission, and the
 * campaign terms and players' bonus money are not for every role. Every write is audited in the
 * transaction that makes it; campaign rules follow the jurisdiction profile (app.env.jurisdiction).
 */
export const bonusAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const config = { permission: "bonuses.manage" } as const;
  const jurisdiction = app.env.jurisdiction;

  app.get(
    "/bonus-campaigns",
    {
      config,
      schema: {
        tags,
        summary: "Bonus campaigns at their current version, newest first, with customer-bonus counts",
        querystring: campaignsQuery,
        response: { 200: listEnvelope(campaignRow) },
      },
    },
    async (request) => {
      const { items, pager } = await listBonusCampaigns(db, request.query);
      return list(request, items, pager);
    },
  );

  app.post(
    "/bonus-campaigns",
    {
      config,
      schema: {
        tags,
        summary: "Create a campaign: version 1, status draft (audited)",
        body: campaignInput,
        response: { 200: okEnvelope(campaignDetail) },
      },
    },
    async (request) => ok(request, await createBonusCampaign(db, auditActor(request), request.body, jurisdiction)),
  );

  app.get(
    "/bonus-campaigns/:bonus_guid",
    {
      config,
      schema: {
        tags,
        summary: "One campaign: current version, version history, counts by status, bonus money by currency",
        params: campaignParams,
        response: { 200: okEnvelope(campaignDetail) },
      },
    },
    async (request) => ok(request, await getBonusCampaign(db, request.params.bonus_guid)),
  );

  app.put(
    "/bonus-campaigns/:bonus_guid",
    {
      config,
      schema: {
        tags,
        summary: "Edit a campaign: writes the next version (running customer bonuses keep theirs); audited",
        params: campaignParams,
        body: campaignInput,
        response: { 200: okEnvelope(campaignDetail) },
      },
    },
    async (request) =>
      ok(
        request,
        await editBonusCampaign(db, auditActor(request), request.params.bonus_guid, request.body, jurisdiction),
      ),
  );

  app.post(
    "/bonus-campaigns/:bonus_guid/status",
    {
      config,
      schema: {
        tags,
        summary: "Schedule, activate, pause, resume or end a campaign (audited)",
        params: campaignParams,
        body: campaignStatusInput,
        response: { 200: okEnvelope(campaignDetail) },
      },
    },
    async (request) =>
      ok(request, await changeCampaignStatus(db, auditActor(request), request.params.bonus_guid, request.body)),
  );

  app.get(
    "/bonus-campaigns/:bonus_guid/preview",
    {
      config,
      schema: {
        tags,
        summary: "A version as players see it (the player's GET /bonus shape); the current one by default",
        params: campaignParams,
        querystring: previewQuery,
        response: { 200: okEnvelope(bonusPreview) },
      },
    },
    async (request) =>
      ok(request, await previewBonusCampaign(db, request.params.bonus_guid, request.query.version_guid)),
  );

  app.get(
    "/bonus-labels",
    {
      config,
      schema: {
        tags,
        summary: "Every bonus label with how many current campaign versions carry it",
        response: { 200: okEnvelope(z.array(bonusLabel)) },
      },
    },
    async (request) => ok(request, await listBonusLabels(db)),
  );

  app.post(
    "/bonus-labels",
    {
      config,
      schema: {
        tags,
        summary: "Add a bonus label (audited)",
        body: bonusLabelInput,
        response: { 200: okEnvelope(bonusLabel) },
      },
    },
    async (request) => ok(request, await saveBonusLabel(db, auditActor(request), null, request.body)),
  );

  app.put(
    "/bonus-labels/:guid",
    {
      config,
      schema: {
        tags,
        summary: "Replace a bonus label (audited)",
        params: labelParams,
        body: bonusLabelInput,
        response: { 200: okEnvelope(bonusLabel) },
      },
    },
    async (request) => ok(request, await saveBonusLabel(db, auditActor(request), request.params.guid, request.body)),
  );

  app.delete(
    "/bonus-labels/:guid",
    {
      config,
      schema: {
        tags,
        summary: "Delete a label no campaign carries at its current version (audited)",
        params: labelParams,
        response: { 200: okEnvelope(z.object({ guid: z.uuid() })) },
      },
    },
    async (request) => {
      await deleteBonusLabel(db, auditActor(request), request.params.guid);
      return ok(request, { guid: request.params.guid });
    },
  );

  app.get(
    "/players/:id/bonuses",
    {
      config,
      schema: {
        tags,
        summary: "A player's customer bonuses, newest first",
        params: playerParams,
        querystring: playerBonusesQuery,
        response: { 200: listEnvelope(playerBonusRow) },
      },
    },
    async (request) => {
      const { items, pager } = await listPlayerBonuses(db, request.params.id, request.query);
      return list(request, items, pager);
    },
  );

  app.post(
    "/players/:id/bonuses",
    {
      config,
      schema: {
        tags,
        summary: "Grant a campaign to a player by hand, exactly once per idempotency key (audited)",
        params: playerParams,
        body: manualGrantInput,
        response: { 200: okEnvelope(manualGrantResult) },
      },
    },
    async (request) => ok(request, await grantManualBonus(db, auditActor(request), request.params.id, request.body)),
  );

  app.post(
    "/players/:id/bonuses/:guid/cancel",
    {
      config,
      schema: {
        tags,
        summary: "Cancel a player's offered or active bonus: its bonus money and winnings are forfeited (audited)",
        params: playerBonusParams,
        body: staffCancelInput,
        response: { 200: okEnvelope(staffCancelResult) },
      },
    },
    async (request) =>
      ok(
        request,
        await cancelPlayerBonus(db, auditActor(request), request.params.id, request.params.guid, request.body),
      ),
  );
};
