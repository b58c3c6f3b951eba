import {
  memberRemoval,
  membersQuery,
  paymentSegmentOption,
  playerParams,
  playerSegments,
  playerTagParams,
  segmentInput,
  segmentMember,
  segmentMemberParams,
  segmentParams,
  segmentPreview,
  segmentPreviewInput,
  segmentRow,
  segmentsQuery,
} from "@croupier/contract/backoffice/segments";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/app-error.ts";
import { list, ok } from "../../lib/envelope.ts";
import { auditActor } from "../staff/record-audit.ts";
import { assignSegmentMember } from "./assign-segment-member.ts";
import { deleteSegment } from "./delete-segment.ts";
import { listPaymentSegmentOptions } from "./list-payment-segment-options.ts";
import { listSegmentMembers } from "./list-segment-members.ts";
import { listSegments } from "./list-segments.ts";
import { loadPlayerSegments } from "./load-player-segments.ts";
import { previewSegment } from "./preview-segment.ts";
import { removeSegmentMember } from "./remove-segment-member.ts";
import { saveSegment } from "./save-segment.ts";
import { loadSegmentRows } from "./segment-sql.ts";
import { setPlayerTag } from "./set-player-tag.ts";

const tags = ["Back office: segments"];

/**
 * Staff: segments, their rules, manual assignment and player tags (issue #18, ADR 033). Every call
 * needs bonuses.manage (marketing, admin: segments target campaigns and payment methods); every
 * change is audited in its own transaction.
 */
export const segmentStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const config = { permission: "bonuses.manage" } as const;

  app.get(
    "/segments",
    {
      config,
      schema: {
        tags,
        summary: "Segments by group and name, with member counts",
        querystring: segmentsQuery,
        response: { 200: listEnvelope(segmentRow) },
      },
    },
    async (request) => {
      const { items, pager } = await listSegments(db, request.query);
      return list(request, items, pager);
    },
  );

  app.post(
    "/segments",
    {
      config,
      schema: {
        tags,
        summary: "Create a segment (audited); rules are applied to every player by the sweep",
        body: segmentInput,
        response: { 200: okEnvelope(segmentRow) },
      },
    },
    async (request) => ok(request, await saveSegment(db, auditActor(request), null, request.body)),
  );

  app.post(
    "/segments/preview",
    {
      config,
      schema: {
        tags,
        summary: "How many players these rules match now",
        body: segmentPreviewInput,
        response: { 200: okEnvelope(segmentPreview) },
      },
    },
    async (request) => ok(request, await previewSegment(db, request.body.rules)),
  );

  app.get(
    "/segments/:guid",
    {
      config,
      schema: { tags, summary: "One segment", params: segmentParams, response: { 200: okEnvelope(segmentRow) } },
    },
    async (request) => {
      const [row] = await loadSegmentRows(db, { guid: request.params.guid, limit: 1, offset: 0 });
      if (!row) throw notFound("No segment with this id.");
      return ok(request, row);
    },
  );

  app.put(
    "/segments/:guid",
    {
      config,
      schema: {
        tags,
        summary: "Edit a segment (audited); changed rules are re-applied to every player by the sweep",
        params: segmentParams,
        body: segmentInput,
        response: { 200: okEnvelope(segmentRow) },
      },
    },
    async (request) => ok(request, await saveSegment(db, auditActor(request), request.params.guid, request.body)),
  );

  app.delete(
    "/segments/:guid",
    {
      config,
      schema: {
        tags,
        summary: "Delete a segment and its memberships (audited); 409 while a campaign targets it",
        params: segmentParams,
        response: { 200: okEnvelope(z.object({ guid: z.uuid() })) },
      },
    },
    async (request) => {
      await deleteSegment(db, auditActor(request), request.params.guid);
      return ok(request, { guid: request.params.guid });
    },
  );

  app.get(
    "/segments/:guid/members",
    {
      config,
      schema: {
        tags,
        summary: "A segment's members, newest first",
        params: segmentParams,
        querystring: membersQuery,
        response: { 200: listEnvelope(segmentMember) },
      },
    },
    async (request) => {
      const { items, pager } = await listSegmentMembers(db, request.params.guid, request.query);
      return list(request, items, pager);
    },
  );

  app.put(
    "/segments/:guid/members/:player_guid",
    {
      config,
      schema: {
        tags,
        summary: "Put a player in the segment by hand (audited; the player's tabs hear customer_segment_added)",
        params: segmentMemberParams,
        response: { 200: okEnvelope(segmentMember) },
      },
    },
    async (request) =>
      ok(request, await assignSegmentMember(db, auditActor(request), request.params.guid, request.params.player_guid)),
  );

  app.delete(
    "/segments/:guid/members/:player_guid",
    {
      config,
      schema: {
        tags,
        summary: "Take a player out of the segment (audited); 409 while its rules match the player",
        params: segmentMemberParams,
        response: { 200: okEnvelope(memberRemoval) },
      },
    },
    async (request) =>
      ok(request, await removeSegmentMember(db, auditActor(request), request.params.guid, request.params.player_guid)),
  );

  app.get(
    "/payment-segments",
    {
      config,
      schema: {
        tags,
        summary: "Payment segments a segment may link to",
        response: { 200: okEnvelope(z.array(paymentSegmentOption)) },
      },
    },
    async (request) => ok(request, await listPaymentSegmentOptions(db)),
  );

  app.get(
    "/players/:id/segments",
    {
      config,
      schema: {
        tags,
        summary: "A player's segments (with source) and tags",
        params: playerParams,
        response: { 200: okEnvelope(playerSegments) },
      },
    },
    async (request) => ok(request, await loadPlayerSegments(db, request.params.id)),
  );

  app.put(
    "/players/:id/tags/:tag",
    {
      config,
      schema: {
        tags,
        summary: "Set a tag on a player (audited); their rule segments are re-evaluated",
        params: playerTagParams,
        response: { 200: okEnvelope(playerSegments) },
      },
    },
    async (request) =>
      ok(
        request,
        await setPlayerTag(db, auditActor(request), {
          playerGuid: request.params.id,
          tag: request.params.tag,
          present: true,
        }),
      ),
  );

  app.delete(
    "/players/:id/tags/:tag",
    {
      config,
      schema: {
        tags,
        summary: "Remove a tag from a player (audited); their rule segments are re-evaluated",
        params: playerTagParams,
        response: { 200: okEnvelope(playerSegments) },
      },
    },
    async (request) =>
      ok(
        request,
        await setPlayerTag(db, auditActor(request), {
          playerGuid: request.params.id,
          tag: request.params.tag,
          present: false,
        }),
      ),
  );
};
