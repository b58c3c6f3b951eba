import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { devOutboxRoutes } from "../mail/dev-outbox-routes.ts";
import { devOidcProviderRoutes } from "./oidc/dev-provider-routes.ts";

/**
 * /dev/outbox and the /dev/oidc identity provider: they show everyone's mail and sign anyone in as any
 * player, so they exist only in demo mode (DEMO_MODE, which production and reachable hosts refuse: env.ts).
 */
export const identityDevRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.env.DEMO_MODE || app.env.NODE_ENV === "production") return;
  await app.register(devOutboxRoutes);
  if (app.env.DEV_OIDC_PROVIDER) await app.register(devOidcProviderRoutes);
};
