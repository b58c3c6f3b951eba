import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { baseMetadata, okEnvelope } from "@croupier/contract/envelope";
import { siteRule, siteRuleBody, siteRuleParams } from "@croupier/contract/backoffice/site-rules";
import { ok } from "../../lib/envelope.ts";
import { auditActor } from "../staff/record-audit.ts";
import { deleteSiteRule } from "./delete-site-rule.ts";
import { listSiteRules } from "./list-site-rules.ts";
import { saveSiteRule } from "./save-site-rule.ts";

const tags = ["Back office: site rules"];
const okNull = z.object({ status: z.literal("ok"), payload: z.null(), metadata: baseMetadata });

/**
 * The per-path rules under /api/backoffice/v1/site-rules (issue #19, ADR 028; registered in
 * routes/backoffice-v1.ts). Every change is audited; this instance applies it at once, others
 * within SITE_RULES_CACHE_MS.
 */
export const siteRulesStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/site-rules",
    {
      config: { permission: "site.manage" },
      schema: {
        tags,
        summary: "Every site rule (redirects, maintenance, country restrictions)",
        response: { 200: okEnvelope(z.array(siteRule)) },
      },
    },
    async (request) => ok(request, await listSiteRules(db)),
  );

  app.post(
    "/site-rules",
    {
      config: { permission: "site.manage" },
      schema: {
        tags,
        summary: "Add a site rule (audited)",
        body: siteRuleBody,
        response: { 200: okEnvelope(siteRule) },
      },
    },
    async (request) => ok(request, await saveSiteRule(db, null, request.body, auditActor(request))),
  );

  app.put(
    "/site-rules/:id",
    {
      config: { permission: "site.manage" },
      schema: {
        tags,
        summary: "Replace a site rule (audited)",
        params: siteRuleParams,
        body: siteRuleBody,
        response: { 200: okEnvelope(siteRule) },
      },
    },
    async (request) => ok(request, await saveSiteRule(db, request.params.id, request.body, auditActor(request))),
  );

  app.delete(
    "/site-rules/:id",
    {
      config: { permission: "site.manage" },
      schema: { tags, summary: "Remove a site rule (audited)", params: siteRuleParams, response: { 200: okNull } },
    },
    async (request) => {
      await deleteSiteRule(db, request.params.id, auditActor(request));
      return ok(request, null);
    },
  );
};
