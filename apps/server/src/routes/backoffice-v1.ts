import { bonusAdminRoutes } from "../modules/bonus-admin/bonus-admin-routes.ts";
import { segmentStaffRoutes } from "../modules/segments/segment-staff-routes.ts";
import { promoCodeStaffRoutes } from "../modules/promo-codes/promo-code-staff-routes.ts";
import { cashbackStaffRoutes } from "../modules/cashback/cashback-staff-routes.ts";
import { rakebackStaffRoutes } from "../modules/rakeback/rakeback-staff-routes.ts";
import { loyaltyStaffRoutes } from "../modules/loyalty/loyalty-staff-routes.ts";
import { roleCan } from "@croupier/contract/staff-permissions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error.ts";
import "../lib/staff-auth.ts";
import { checkStaffSession } from "../modules/staff/check-staff-session.ts";
import { verifyStaffToken } from "../modules/staff/staff-token.ts";
import { staffRoutes } from "../modules/staff/staff-routes.ts";
import { playerAdminRoutes } from "../modules/player-admin/player-admin-routes.ts";
import { moneyReviewRoutes } from "../modules/money-review/money-review-routes.ts";
import { reportsRoutes } from "../modules/reports/reports-routes.ts";
import { catalogAdminRoutes } from "../modules/catalog-admin/catalog-admin-routes.ts";
import { liveChatStaffRoutes } from "../modules/live-chat/live-chat-staff-routes.ts";
import { limitsStaffRoutes } from "../modules/responsible-gaming/limits/limits-staff-routes.ts";
import { exclusionsStaffRoutes } from "../modules/responsible-gaming/exclusions/exclusions-staff-routes.ts";
import { documentsStaffRoutes } from "../modules/documents/documents-staff-routes.ts";
import { siteRulesStaffRoutes } from "../modules/site-rules/site-rules-routes.ts";
import { featureTargetsStaffRoutes } from "../modules/features/feature-targets-staff-routes.ts";

/**
 * Every /api/backoffice/v1 route (issue #15, ADR 017). Staff only: a staff token (its own audience)
 * of a live staff session, and the one permission the route declares in `config.permission`,
 * checked against packages/contract/src/staff-permissions.ts. A route without a declared
 * permission stops the server at boot, so nothing is reachable by omission.
 */
export const backofficeV1Routes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest("staff", null);

  app.addHook("onRoute", (route) => {
    const permission = route.config?.permission;
    if (!permission)
      throw new Error(`${String(route.method)} ${route.url}: a back-office route must declare config.permission`);
    // The published document says what each staff call needs (the staff bearer, and which permission).
    if (route.schema && route.schema.security === undefined) {
      route.schema.security = permission === "public" ? [] : [{ staffBearer: [] }];
      const needs = `Staff permission: \`${permission}\`.`;
      if (permission !== "public")
        route.schema.description = route.schema.description ? `${route.schema.description}\n\n${needs}` : needs;
    }
  });

  app.addHook("onRequest", async (request) => {
    const permission = request.routeOptions.config.permission;
    if (permission === "public" || permission === undefined) return;
    const header = request.headers.authorization;
    const match = header ? /^Bearer ([A-Za-z0-9._~+/=-]{10,4096})$/.exec(header) : null;
    if (!match) throw new AppError("UNAUTHORIZED", "Please sign in to the back office.");
    const token = await verifyStaffToken(app.env, match[1]!);
    const session = await checkStaffSession(app.database.db, token.sessionId, token.staffId);
    if (session === "ended")
      throw new AppError("UNAUTHORIZED", "Your back-office session has ended. Please sign in again.");
    request.staff = { ...session, sessionId: token.sessionId };
    if (!roleCan(session.role, permission)) throw new AppError("FORBIDDEN", "Your role does not allow this.");
  });

  // Nothing a staff member sees is cached anywhere on the way.
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("cache-control", "private, no-store");
    return payload;
  });

  await app.register(staffRoutes);
  await app.register(playerAdminRoutes);
  await app.register(moneyReviewRoutes);
  await app.register(reportsRoutes);
  await app.register(catalogAdminRoutes);
  await app.register(liveChatStaffRoutes);
  await app.register(limitsStaffRoutes);
  await app.register(exclusionsStaffRoutes);
  await app.register(documentsStaffRoutes);
  await app.register(siteRulesStaffRoutes);
  await app.register(featureTargetsStaffRoutes);
  await app.register(bonusAdminRoutes);
  await app.register(segmentStaffRoutes);
  await app.register(promoCodeStaffRoutes);
  await app.register(cashbackStaffRoutes);
  await app.register(rakebackStaffRoutes);
  await app.register(loyaltyStaffRoutes);
};
