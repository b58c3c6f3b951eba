import Fastify, { type FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { applySiteRules } from "../../src/modules/site-rules/apply-site-rules.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import { writeTestCountryDb } from "./write-test-mmdb.ts";

// Site rules end to end on the server: staff manage them (site.manage, audited), and the SSR path's
// check answers page navigations by them at once (the cache is dropped on change). The page server
// here is a stand-in for web-app.ts's render with the same hook; the browser test covers the real one.

const FRANCE_IP = "203.0.113.7";
const BRITAIN_IP = "198.51.100.7";

let ctx: TestContext;
let admin: TestStaff;
let support: TestStaff;
let pages: FastifyInstance;

beforeAll(async () => {
  const geoip = writeTestCountryDb({ "203.0.113.0/24": "FR", "198.51.100.0/24": "GB" });
  ctx = await buildTestApp({ TRUST_PROXY: "loopback", GEOIP_DB_PATH: geoip });
  admin = await createTestStaff(ctx, "admin");
  support = await createTestStaff(ctx, "support");
  pages = Fastify({ trustProxy: ["127.0.0.1"] });
  pages.get("/*", async (request, reply) => {
    if (await applySiteRules(request, reply, { db: ctx.app.database.db, env: ctx.app.env })) return reply;
    return "the page";
  });
  await pages.ready();
}, 120_000);

afterAll(async () => {
  await pages?.close();
  await ctx?.close();
});

const staffCall = (staff: TestStaff, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/backoffice/v1${url}`, headers: staff.headers, payload: payload as never });

const visit = (url: string, ip = BRITAIN_IP) =>
  pages.inject({ method: "GET", url, headers: { "x-forwarded-for": ip } });

const audit = (targetId: string) =>
  queryRows<{ action: string; before: unknown; after: unknown }>(
    ctx.database.db,
    sql`SELECT action, before, after FROM staff_audit_log WHERE target_id = ${targetId} ORDER BY id`,
  );

describe("site rules in the back office", () => {
  it("are for site.manage only (support is refused)", async () => {
    expect((await staffCall(support, "GET", "/site-rules")).statusCode).toBe(403);
    expect(
      (await staffCall(support, "POST", "/site-rules", { path_prefix: "/x", kind: "maintenance" })).statusCode,
    ).toBe(403);
    expect((await staffCall(admin, "GET", "/site-rules")).statusCode).toBe(200);
  });

  it("refuse a redirect to a dangerous protocol or another host written as //host", async () => {
    for (const target of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "data:text/html,x",
      "//evil.example",
      "ftp://files.example",
    ]) {
      const response = await staffCall(admin, "POST", "/site-rules", { path_prefix: "/bad", kind: "redirect", target });
      expect(response.statusCode, target).toBe(400);
      expect(
        response
          .json()
          .payload.fields.map((f: { field: string }) => f.field)
          .join(),
      ).toContain("target");
    }
  });

  it("are created, changed and removed with an audit entry each, and one per path and kind", async () => {
    const created = await staffCall(admin, "POST", "/site-rules", {
      path_prefix: "/audit-me",
      kind: "redirect",
      target: "/elsewhere",
      note: "moved",
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().payload.guid as string;
    expect(
      (await staffCall(admin, "POST", "/site-rules", { path_prefix: "/audit-me", kind: "redirect", target: "/other" }))
        .statusCode,
    ).toBe(409);
    const changed = await staffCall(admin, "PUT", `/site-rules/${id}`, {
      path_prefix: "/audit-me",
      kind: "redirect",
      target: "/third",
      enabled: false,
    });
    expect(changed.json().payload).toMatchObject({ target: "/third", enabled: false });
    expect((await staffCall(admin, "DELETE", `/site-rules/${id}`)).statusCode).toBe(200);
    expect((await staffCall(admin, "DELETE", `/site-rules/${id}`)).statusCode).toBe(404);
    const entries = await audit(id);
    expect(entries.map((e) => e.action)).toEqual(["site_rule.create", "site_rule.update", "site_rule.delete"]);
    expect(entries[1]!.before).toMatchObject({ target: "/elsewhere" });
  });
});

describe("the rules check on page navigations", () => {
  it("answers a maintenance rule at once after it is saved, with the countdown's end, and lets the page through after removal", async () => {
    expect((await visit("/live/roulette")).body).toBe("the page");
    const ends = new Date(Date.now() + 3_600_000).toISOString();
    const created = await staffCall(admin, "POST", "/site-rules", {
      path_prefix: "/live",
      kind: "maintenance",
      ends_at: ends,
    });
    const page = await visit("/live/roulette");
    expect(page.statusCode).toBe(302);
    const location = new URL(String(page.headers.location), "http://x");
    expect(location.pathname).toBe("/maintenance");
    expect(location.searchParams.get("from")).toBe("/live/roulette");
    expect(location.searchParams.get("until")).toBe(ends);
    expect(page.headers["cache-control"]).toBe("no-store");
    // A client-side navigation's data request gets the router's redirect answer.
    const data = await visit("/live/roulette.data?_routes=root");
    expect(data.statusCode).toBe(204);
    expect(data.headers["x-remix-redirect"]).toMatch(/^\/maintenance\?from=%2Flive%2Froulette/);
    expect(data.headers["x-remix-reload-document"]).toBeUndefined();
    expect((await visit("/slots")).body).toBe("the page");
    await staffCall(admin, "DELETE", `/site-rules/${created.json().payload.guid}`);
    expect((await visit("/live/roulette")).body).toBe("the page");
  });

  it("moves a path internally keeping the query, and externally as a full page load", async () => {
    await staffCall(admin, "POST", "/site-rules", { path_prefix: "/old-promo", kind: "redirect", target: "/promo" });
    await staffCall(admin, "POST", "/site-rules", {
      path_prefix: "/blog",
      kind: "redirect",
      target: "https://blog.example.com/",
    });
    const internal = await visit("/old-promo/summer?modal=register");
    expect(internal.statusCode).toBe(302);
    expect(internal.headers.location).toBe("/promo?modal=register");
    const dataRequest = await visit("/old-promo.data?_routes=root%2Croutes%2Fpromo&x=1");
    expect(dataRequest.headers["x-remix-redirect"]).toBe("/promo?x=1");
    const external = await visit("/blog");
    expect(external.headers.location).toBe("https://blog.example.com/");
    const externalData = await visit("/blog.data");
    expect(externalData.headers["x-remix-redirect"]).toBe("https://blog.example.com/");
    expect(externalData.headers["x-remix-reload-document"]).toBe("true");
  });

  it("sends a visitor from a country outside allowed_countries (GeoIP on the trusted client address) to the restricted-region page", async () => {
    await ctx.database.db.execute(sql`UPDATE project_settings SET allowed_countries = ARRAY['GB','MT']::varchar(2)[]`);
    try {
      // The rules cache holds allowed_countries too; a staff change of any rule drops it.
      const touch = await staffCall(admin, "POST", "/site-rules", {
        path_prefix: "/touch",
        kind: "restrict",
        countries: ["DE"],
      });
      expect(touch.statusCode, touch.body).toBe(200);
      const fromFrance = await visit("/slots", FRANCE_IP);
      expect(fromFrance.statusCode).toBe(302);
      expect(fromFrance.headers.location).toBe("/restricted-region");
      expect((await visit("/restricted-region", FRANCE_IP)).body).toBe("the page");
      expect((await visit("/slots", BRITAIN_IP)).body).toBe("the page");
      // An address the database does not know is not held against the visitor.
      expect((await visit("/slots", "192.0.2.1")).body).toBe("the page");
    } finally {
      await ctx.database.db.execute(sql`UPDATE project_settings SET allowed_countries = '{}'`);
      await staffCall(admin, "GET", "/site-rules");
    }
  });

  it("applies a restrict rule to its countries on its path only", async () => {
    await staffCall(admin, "POST", "/site-rules", { path_prefix: "/live-fr", kind: "restrict", countries: ["FR"] });
    expect((await visit("/live-fr/table", FRANCE_IP)).headers.location).toBe("/restricted-region");
    expect((await visit("/live-fr/table", BRITAIN_IP)).body).toBe("the page");
  });
});
