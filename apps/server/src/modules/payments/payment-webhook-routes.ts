import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { okEnvelope } from "@croupier/contract/envelope";
import { ok } from "../../lib/envelope.ts";
import { handleWebhook } from "./handle-webhook.ts";
import type { PaymentsContext } from "./payments-context.ts";

const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * POST /api/v1/billing/webhooks/{adapter}: where PSPs report outcomes. Its
 * own plugin because the body is read raw: the signature covers the exact bytes.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<{ ctx: PaymentsContext }> = async (app, { ctx }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    "/billing/webhooks/:adapter",
    {
      schema: {
        tags: ["billing"],
        summary: "PSP webhook (signed; each event id is applied once)",
        // Each PSP signs in its own way, checked by its adapter: no credential of ours.
        security: [],
        params: z.object({ adapter: z.string().regex(/^[a-z0-9_-]{1,32}$/) }),
        response: { 200: okEnvelope(z.object({ received: z.literal(true), outcome: z.enum(["processed", "duplicate", "ignored"]) })) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await handleWebhook(ctx, request.params.adapter, raw, request.headers);
      return ok(request, { received: true as const, outcome });
    },
  );
};
