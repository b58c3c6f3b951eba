import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okEnvelope } from "@croupier/contract/envelope";
import { answerLimitPromptBody, limitPromptState } from "@croupier/contract/entities/limit-prompt";
import { ok } from "../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../lib/request-auth.ts";
import { answerLimitPrompt } from "./answer-limit-prompt.ts";
import { loadLimitPrompt } from "./load-limit-prompt.ts";

const tags = ["responsible gaming"];
const security = [{ bearerAuth: [] }];

/** The deposit-limit prompt after sign-up (ADR 025), under /api/v1 (registered in routes/api-v1.ts). */
export const ukProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/responsible-gaming/limit-prompt",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Whether to offer the deposit-limit prompt now",
        response: { 200: okEnvelope(limitPromptState) },
      },
    },
    async (request) => ok(request, await loadLimitPrompt(db, app.env.jurisdiction, playerId(request))),
  );

  app.post(
    "/responsible-gaming/limit-prompt",
    {
      preHandler: requirePlayer,
      bodyLimit: 1024,
      schema: {
        tags,
        security,
        summary: "Answer the deposit-limit prompt: a limit was set, or no limit for now (recorded once)",
        body: answerLimitPromptBody,
        response: { 200: okEnvelope(limitPromptState) },
      },
    },
    async (request) => {
      await answerLimitPrompt(db, playerId(request), request.body.answer);
      return ok(request, await loadLimitPrompt(db, app.env.jurisdiction, playerId(request)));
    },
  );
};
