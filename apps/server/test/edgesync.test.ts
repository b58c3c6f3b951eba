import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectSettings } from "@croupier/contract/entities/project-settings";
import { buildTestApp, type TestContext } from "./helpers/build-test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string) => ctx.app.inject({ method: "GET", url: `/api/v1${url}` });

describe("GET /edgesync/dictionary/*", () => {
  it("serves the same countries as the dictionary, cacheable for 10 minutes", async () => {
    const edge = await get("/edgesync/dictionary/countries");
    expect(edge.statusCode).toBe(200);
    expect(edge.headers["cache-control"]).toBe("public, max-age=600");
    const payload = edge.json().payload;
    expect(payload.length).toBeGreaterThanOrEqual(240);
    expect(payload).toEqual((await get("/dictionary/countries")).json().payload);
    const europe = (await get("/edgesync/dictionary/countries?continent_code=EU")).json().payload;
    expect(europe.map((c: { iso_codes: string }) => c.iso_codes)).toContain("GB/GBR");
  });

  it("serves the tags, and pages them", async () => {
    const edge = await get("/edgesync/dictionary/tags");
    expect(edge.headers["cache-control"]).toBe("public, max-age=600");
    expect(edge.json().payload.map((t: { name: string }) => t.name)).toEqual(["Live", "Slots"]);
    const second = (await get("/edgesync/dictionary/tags?per_page=1&page=2")).json();
    expect(second.payload.map((t: { name: string }) => t.name)).toEqual(["Slots"]);
    expect(second.metadata).toMatchObject({ page: 2, per_page: 1, total: 2 });
  });

  it("rejects bad queries naming the field, uncached", async () => {
    const res = await get("/edgesync/dictionary/tags?per_page=999");
    expect(res.statusCode).toBe(400);
    expect(res.json().payload.fields.map((f: { field: string }) => f.field)).toEqual(["query.per_page"]);
    expect(res.headers["cache-control"]).toBeUndefined();
    const bad = await get("/edgesync/dictionary/countries?iso=GBR");
    expect(bad.json().payload.fields.map((f: { field: string }) => f.field)).toEqual(["query.iso"]);
  });
});

describe("GET /edgesync/settings", () => {
  it("answers tags, allowed countries, conversion policy and external services for an address", async () => {
    const res = await get(`/edgesync/settings?uri=${encodeURIComponent("https://casino.example.com/live")}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=600");
    const settings = projectSettings.parse(res.json().payload);
    expect(settings.tags.map((t) => [t.name, t.type])).toEqual([
      ["Live", "system"],
      ["Slots", "system"],
    ]);
    expect(settings.allowed_countries.length).toBeGreaterThanOrEqual(240);
    expect(settings.currency_convertion_policy).toBe("ingame_convertion");
    expect(settings.external_services).toEqual({});
    expect(res.json().payload).toEqual((await get("/workspace/settings?uri=casino.example.com")).json().payload);
  });

  it("answers 404 for an unserved host and 400 for an unusable uri, neither cached", async () => {
    await ctx.database.query("UPDATE project_settings SET domains = $1", [["casino.example.com"]]);
    try {
      const unknown = await get("/edgesync/settings?uri=elsewhere.example.org");
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers["cache-control"]).toBeUndefined();
    } finally {
      await ctx.database.query("UPDATE project_settings SET domains = '{}'");
    }
    const bad = await get("/edgesync/settings?uri=");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().payload.fields.map((f: { field: string }) => f.field)).toContain("query.uri");
    expect(bad.headers["cache-control"]).toBeUndefined();
  });
});
