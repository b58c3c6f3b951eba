import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "@croupier/db/create-database";
import type { Env } from "../../env.ts";
import { visitorCountry } from "../geo/visitor-country.ts";
import { decideNavigation } from "./decide-navigation.ts";
import { loadSiteRules } from "./load-site-rules.ts";

/** React Router's loader-data requests for a client-side navigation: /promo.data, and /_root.data for "/". */
const DATA_SUFFIX = ".data";

function navigationPath(pathname: string): { path: string; data: boolean } {
  if (!pathname.endsWith(DATA_SUFFIX)) return { path: pathname, data: false };
  const bare = pathname.slice(0, -DATA_SUFFIX.length);
  return { path: bare === "/_root" ? "/" : bare, data: true };
}

/**
 * The per-path rules check on the SSR path (issue #19, ADR 028): a page navigation (GET/HEAD of a
 * document or of its loader data) may be answered with a redirect. A document gets a 302 (an
 * external target is a plain full page load); a client-side navigation's data request gets React
 * Router's redirect answer (204 + X-Remix-Redirect), with X-Remix-Reload-Document for an external
 * target so the router hands it to the browser instead of routing it. Returns true when it answered.
 */
export async function applySiteRules(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { db: Db; env: Env },
): Promise<boolean> {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const url = new URL(request.url, "http://x");
  const { path, data } = navigationPath(url.pathname);
  // The router's own parameter on data requests is not part of the page's address.
  url.searchParams.delete("_routes");
  let snapshot;
  try {
    snapshot = await loadSiteRules(deps.db);
  } catch (error) {
    // The rules are a layer over the site, not a gate in front of it: a database hiccup renders the page.
    request.log.warn({ err: error }, "site rules unavailable; page served without them");
    return false;
  }
  const decision = decideNavigation({
    path,
    search: url.searchParams.size > 0 ? `?${url.searchParams}` : "",
    country: visitorCountry(request, deps.env),
    allowedCountries: snapshot.allowedCountries,
    rules: snapshot.rules,
    now: new Date(),
  });
  if (!decision) return false;
  // Who is sent where depends on the visitor (country) and on rules that change: no cache may keep it.
  reply.header("cache-control", "no-store");
  if (data) {
    reply.status(204).header("x-remix-redirect", decision.location).header("x-remix-status", "302");
    if (decision.external) reply.header("x-remix-reload-document", "true");
    await reply.send();
    return true;
  }
  await reply.redirect(decision.location, 302);
  return true;
}
