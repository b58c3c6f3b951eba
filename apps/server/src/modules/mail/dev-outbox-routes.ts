import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { devOutbox } from "@croupier/db/schema/index";

const query = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * GET /dev/outbox (HTML) and /dev/outbox.json: mail and SMS captured instead of sent.
 * Registered only outside production; it shows live login links by design.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const load = async (to: string | undefined, limit: number) =>
    app.database.db
      .select()
      .from(devOutbox)
      .where(to ? eq(devOutbox.recipient, to) : undefined)
      .orderBy(desc(devOutbox.created_at))
      .limit(limit);

  app.get("/dev/outbox.json", { schema: { hide: true, querystring: query } }, async (request) => {
    const rows = await load(request.query.to, request.query.limit);
    return { status: "ok" as const, payload: rows, metadata: { request_id: request.id } };
  });

  app.get("/dev/outbox", { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const rows = await load(request.query.to, request.query.limit);
    const items = rows
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject ?? "SMS")}</h2>
<p><b>${m.channel}</b> to ${escapeHtml(m.recipient)} · ${escapeHtml(new Date(m.created_at).toISOString())}</p>
${m.html ?? `<pre>${escapeHtml(m.text)}</pre>`}</article>`,
      )
      .join("<hr>");
    reply.header("content-type", "text/html; charset=utf-8");
    // Mail HTML is our own, but keep scripts off anyway.
    reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev outbox</title>
<style>body{font:15px system-ui;max-width:760px;margin:2rem auto;padding:0 1rem}article{padding:.5rem 0}</style></head>
<body><h1>Dev outbox</h1><p>Mail and SMS written here instead of being sent (not available in production).</p>
${items || "<p>Empty.</p>"}</body></html>`;
  });
};
