import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okEnvelope } from "@croupier/contract/envelope";
import {
  realityCheckAnswerBody,
  realityCheckSetting,
  realityCheckSettingBody,
  realityCheckSummary,
} from "@croupier/contract/entities/reality-check";
import { ok } from "../../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../../lib/request-auth.ts";
import { answerRealityCheck } from "./answer-reality-check.ts";
import { loadRealityCheckSetting } from "./load-reality-check-setting.ts";
import { loadRealityCheckSummary } from "./load-reality-check-summary.ts";
import { realityCheckPolicy } from "./reality-check-policy.ts";
import { setRealityCheckInterval } from "./set-reality-check-interval.ts";
import { writeRealityCheckConfig } from "./write-reality-check-config.ts";

const tags = ["responsible gaming"];
const security = [{ bearerAuth: [] }];

/** The player's reality-check interval and summary (issue #16, ADR 022; registered in routes/api-v1.ts). */
export const realityCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const policy = realityCheckPolicy(app.env.jurisdiction);
  // The SQL bet gate reads the profile's default from the database: write it before serving.
  app.addHook("onReady", async () => writeRealityCheckConfig(db, policy));

  const setting = async (id: string) => {
    const { acknowledged_at: _acknowledged, ...rest } = await loadRealityCheckSetting(db, policy, id);
    return rest;
  };

  app.get(
    "/responsible-gaming/reality-check",
    {
      preHandler: requirePlayer,
      schema: { tags, security, summary: "The player's reality-check interval and the choices the jurisdiction allows", response: { 200: okEnvelope(realityCheckSetting) } },
    },
    async (request) => ok(request, await setting(playerId(request))),
  );

  app.put(
    "/responsible-gaming/reality-check",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Choose the reality-check interval in minutes (0 = off, only where the jurisdiction allows it)",
        body: realityCheckSettingBody,
        response: { 200: okEnvelope(realityCheckSetting) },
      },
    },
    async (request) => {
      await setRealityCheckInterval(db, policy, { playerId: playerId(request), intervalMinutes: request.body.interval_minutes });
      return ok(request, await setting(playerId(request)));
    },
  );

  app.get(
    "/responsible-gaming/reality-check/summary",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Time played and net result in this login session; whether a check is due (bets are refused until it is answered)",
        response: { 200: okEnvelope(realityCheckSummary) },
      },
    },
    async (request) =>
      ok(request, await loadRealityCheckSummary(db, policy, { playerId: playerId(request), sessionId: request.auth!.sessionId })),
  );

  app.post(
    "/responsible-gaming/reality-check/acknowledge",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Answer the due reality check (continue or leave): bets resume and the interval starts again",
        description: "409 when no check is due. On leave the client closes the game.",
        body: realityCheckAnswerBody,
        response: { 200: okEnvelope(realityCheckSummary) },
      },
    },
    async (request) => {
      await answerRealityCheck(db, playerId(request));
      return ok(request, await loadRealityCheckSummary(db, policy, { playerId: playerId(request), sessionId: request.auth!.sessionId }));
    },
  );
};
