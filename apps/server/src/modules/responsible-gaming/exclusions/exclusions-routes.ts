import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okEnvelope } from "@croupier/contract/envelope";
import { createExclusionBody, exclusion, exclusionList, type Exclusion } from "@croupier/contract/entities/exclusions";
import { ok } from "../../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../../lib/request-auth.ts";
import { listExclusions } from "./list-exclusions.ts";
import { startOwnExclusion } from "./start-own-exclusion.ts";

const tags = ["responsible gaming"];
const security = [{ bearerAuth: [] }];

// The player sees the kind, period and dates; staff notes (reason, who) stay in the back office.
const ownView = (e: Exclusion): Exclusion => ({
  guid: e.guid,
  kind: e.kind,
  period: e.period,
  starts_at: e.starts_at,
  ends_at: e.ends_at,
  ended_at: e.ended_at,
  active: e.active,
});

/** Player time-outs and self-exclusions (issue #16, ADR 020; registered in routes/api-v1.ts). */
export const exclusionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const database = app.database;

  app.get(
    "/responsible-gaming/exclusions",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "The player's own time-outs and self-exclusions, current and past (newest first, at most 100)",
        response: { 200: okEnvelope(exclusionList) },
      },
    },
    async (request) =>
      ok(request, (await listExclusions(database.db, playerId(request), { needsReturnRequest: false })).map(ownView)),
  );

  app.post(
    "/responsible-gaming/exclusions",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Start a time-out or self-exclusion at once; it cannot be undone or shortened",
        description:
          "Confirmed with the account password (an account without one types its email address). Every session " +
          "of the player ends, this one included; login is refused until the end date. Bets, deposits and " +
          "promotions stop; the remaining balance is paid out through support (ADR 020).",
        body: createExclusionBody,
        response: { 200: okEnvelope(exclusion) },
      },
    },
    async (request) => ok(request, ownView(await startOwnExclusion(database, playerId(request), request.body))),
  );
};
