import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dictionaryRoutes } from "../modules/dictionary/dictionary-routes.ts";
import { edgesyncRoutes } from "../modules/edgesync/edgesync-routes.ts";
import { workspaceRoutes } from "../modules/workspace/workspace-routes.ts";
import { catalogRoutes } from "../modules/catalog/catalog-routes.ts";
import { catalogEdgesyncRoutes } from "../modules/catalog/catalog-edgesync-routes.ts";
import { identityRoutes } from "../modules/identity/identity-routes.ts";
import { authPlugin } from "../plugins/auth.ts";
import { walletRoutes } from "../modules/wallet/wallet-routes.ts";
import { gameTransactionRoutes } from "../modules/game-sessions/game-transaction-routes.ts";
import { providerWalletRoutes } from "../modules/provider-wallet/provider-wallet-routes.ts";
import { paymentsRoutes } from "../modules/payments/payments-routes.ts";
import { gameLaunchRoutes } from "../modules/game-launch/game-launch-routes.ts";
import { liveChatRoutes } from "../modules/live-chat/live-chat-routes.ts";
import { limitsRoutes } from "../modules/responsible-gaming/limits/limits-routes.ts";
import { exclusionsRoutes } from "../modules/responsible-gaming/exclusions/exclusions-routes.ts";
import { realityCheckRoutes } from "../modules/responsible-gaming/reality-check/reality-check-routes.ts";
import { documentsRoutes } from "../modules/documents/documents-routes.ts";
import { accountRoutes } from "../modules/account/account-routes.ts";
import { notificationsRoutes } from "../modules/notifications/notifications-routes.ts";
import { ukProfileRoutes } from "../modules/uk-profile/uk-profile-routes.ts";
import { bonusRoutes } from "../modules/bonuses/bonus-routes.ts";
import { bonusEnginePlugin } from "../modules/bonuses/engine/bonus-engine-plugin.ts";

/** Every /api/v1 route, one plugin per server module. */
export const apiV1Routes: FastifyPluginAsyncZod = async (app) => {
  // First: sets request.auth from the bearer token for every route below.
  await app.register(authPlugin);
  await app.register(dictionaryRoutes, { prefix: "/dictionary" });
  await app.register(workspaceRoutes, { prefix: "/workspace" });
  await app.register(edgesyncRoutes, { prefix: "/edgesync" });
  await app.register(catalogRoutes, { prefix: "/catalog" });
  await app.register(catalogEdgesyncRoutes, { prefix: "/edgesync" });
  await app.register(identityRoutes);
  await app.register(walletRoutes);
  await app.register(gameTransactionRoutes);
  await app.register(gameLaunchRoutes);
  await app.register(paymentsRoutes);
  await app.register(liveChatRoutes);
  await app.register(limitsRoutes);
  await app.register(exclusionsRoutes);
  await app.register(realityCheckRoutes);
  await app.register(documentsRoutes);
  await app.register(accountRoutes);
  await app.register(notificationsRoutes);
  await app.register(ukProfileRoutes);
  await app.register(bonusRoutes);
  await app.register(bonusEnginePlugin);
  // Own plugin: raw-body signature check and the protocol's response shape, not the envelope.
  await app.register(providerWalletRoutes, { prefix: "/provider" });
};
