import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { billingRoutes } from "./billing-routes.ts";
import { paymentApiRoutes } from "./payment-api-routes.ts";
import { paymentWebhookRoutes } from "./payment-webhook-routes.ts";
import type { PaymentsContext } from "./payments-context.ts";
import { createPaymentsWorker } from "./payments-worker.ts";
import { createProviderRegistry } from "./psp/provider-registry.ts";

/** Every payments call under /api/v1, the PSP webhooks, and the payments worker's lifecycle. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: PaymentsContext = {
    db: app.database.db,
    env: app.env,
    providers: createProviderRegistry({ db: app.database.db, env: app.env }),
    log: app.log,
  };
  await app.register(billingRoutes, { ctx });
  await app.register(paymentApiRoutes, { ctx });
  await app.register(paymentWebhookRoutes, { ctx });

  // The sandbox posts its webhooks through this app's own router: it needs no address to reach us.
  const prefix = app.prefix;
  const worker = createPaymentsWorker(ctx, async (rawBody, headers) => {
    const res = await app.inject({ method: "POST", url: `${prefix}/billing/webhooks/sandbox`, payload: rawBody, headers });
    return res.statusCode;
  });
  app.addHook("onReady", async () => worker.start());
  app.addHook("onClose", async () => worker.stop());
};
