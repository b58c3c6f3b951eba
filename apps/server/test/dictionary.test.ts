import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { country } from "@croupier/contract/entities/country";
import { currency, type Currency } from "@croupier/contract/entities/currency";
import { language } from "@croupier/contract/entities/language";
import { phoneCode, type PhoneCode } from "@croupier/contract/entities/phone-code";
import { tag } from "@croupier/contract/entities/tag";
import { buildTestApp, type TestContext } from "./helpers/build-test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string) => ctx.app.inject({ method: "GET", url: `/api/v1${url}` });

function expectFieldError(res: Awaited<ReturnType<typeof get>>, field: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.status).toBe("error");
  expect(body.payload.code).toBe("VALIDATION_ERROR");
  expect(body.payload.fields.map((f: { field: string }) => f.field)).toContain(field);
  // An error must never be cached as if it were the dictionary.
  expect(String(res.headers["cache-control"] ?? "")).not.toContain("public");
}

describe("GET /dictionary/countries", () => {
  it("lists every ISO country in the contract's shape, cacheable for 10 minutes", async () => {
    const res = await get("/dictionary/countries");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=600");
    const body = res.json();
    const items = body.payload.map((c: unknown) => country.parse(c));
    expect(items.length).toBeGreaterThanOrEqual(240);
    expect(body.metadata).toMatchObject({ page: 1, per_page: items.length, total: items.length });
    expect(new Set(items.map((c: { guid: string }) => c.guid)).size).toBe(items.length);
    expect(new Set(items.map((c: { project_guid: string }) => c.project_guid)).size).toBe(1);
  });

  it("describes the United Kingdom and marks the United States as the default", async () => {
    const items = (await get("/dictionary/countries")).json().payload as Array<Record<string, unknown>>;
    const gb = items.find((c) => c.iso_codes === "GB/GBR");
    expect(gb).toMatchObject({
      country: "United Kingdom",
      country_full_name: "United Kingdom of Great Britain and Northern Ireland",
      country_code: "44",
      continent_code: "EU",
      is_default: false,
    });
    expect(items.filter((c) => c.is_default).map((c) => c.iso_codes)).toEqual(["US/USA"]);
    expect(items.find((c) => c.iso_codes === "PR/PRI")?.country_code).toBe("1787,1939");
    const names = items.map((c) => c.country as string);
    expect(names).toEqual([...names].sort(new Intl.Collator("en", { sensitivity: "base" }).compare));
  });

  it("filters by continent and by ISO code", async () => {
    const oceania = (await get("/dictionary/countries?continent_code=OC")).json().payload;
    expect(oceania.length).toBeGreaterThan(10);
    expect(oceania.every((c: { continent_code: string }) => c.continent_code === "OC")).toBe(true);
    expect(oceania.map((c: { iso_codes: string }) => c.iso_codes)).toContain("AU/AUS");
    const de = (await get("/dictionary/countries?iso=DE")).json();
    expect(de.payload.map((c: { iso_codes: string }) => c.iso_codes)).toEqual(["DE/DEU"]);
    expect(de.metadata.total).toBe(1);
  });

  it("rejects a malformed filter naming the field", async () => {
    expectFieldError(await get("/dictionary/countries?iso=gb"), "query.iso");
    expectFieldError(await get("/dictionary/countries?continent_code=XX"), "query.continent_code");
  });
});

describe("GET /dictionary/currencies", () => {
  const byCode = async () => {
    const res = await get("/dictionary/currencies");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=600");
    const items = res.json().payload.map((c: unknown) => currency.parse(c)) as Currency[];
    return new Map(items.map((c) => [c.code, c]));
  };

  it("has fiat and crypto currencies with their real decimals, USD the default", async () => {
    const currencies = await byCode();
    expect([...currencies.keys()].sort()).toEqual(
      ["AUD", "BRL", "BTC", "CAD", "ETH", "EUR", "GBP", "JPY", "USD", "USDT"].sort(),
    );
    expect(currencies.get("JPY")).toMatchObject({ decimals: 0, symbol: "¥", type: "fiat", networks: [] });
    expect(currencies.get("BTC")).toMatchObject({ decimals: 8, type: "crypto" });
    expect(currencies.get("ETH")).toMatchObject({ decimals: 18, type: "crypto" });
    expect(currencies.get("USDT")).toMatchObject({ decimals: 6, type: "crypto" });
    expect(currencies.get("USD")).toMatchObject({ decimals: 2, symbol: "$", is_default: true });
    expect([...currencies.values()].filter((c) => c.is_default).map((c) => c.code)).toEqual(["USD"]);
  });

  it("includes the transfer networks of crypto currencies", async () => {
    const currencies = await byCode();
    const codes = (code: string) =>
      currencies
        .get(code)!
        .networks.map((n) => n.code)
        .sort();
    expect(codes("USDT")).toEqual(["ERC20", "TRC20"]);
    expect(codes("ETH")).toEqual(["ERC20"]);
    expect(codes("BTC")).toEqual(["BTC"]);
    for (const fiat of ["USD", "EUR", "JPY"]) expect(codes(fiat)).toEqual([]);
  });

  it("sends limits as plain decimal strings within each currency's decimals", async () => {
    const currencies = await byCode();
    expect(currencies.get("USD")).toMatchObject({ min_deposit: "10", min_bet_slot_real: "0.1", max_withdraw: "10000" });
    for (const c of currencies.values()) {
      for (const key of [
        "min_bet_slot_real",
        "max_bet_live_real",
        "min_deposit",
        "max_withdraw",
        "bonus_threshold",
      ] as const) {
        const value = c[key];
        expect(typeof value).toBe("string");
        const fraction = value.split(".")[1] ?? "";
        expect(fraction.length, `${c.code} ${key}=${value}`).toBeLessThanOrEqual(c.decimals);
        expect(fraction.endsWith("0"), `${c.code} ${key}=${value} keeps trailing zeros`).toBe(false);
      }
    }
  });

  it("filters by type and pages", async () => {
    const crypto = (await get("/dictionary/currencies?type=crypto")).json().payload;
    expect(crypto.map((c: { code: string }) => c.code).sort()).toEqual(["BTC", "ETH", "USDT"]);
    const page2 = (await get("/dictionary/currencies?per_page=2&page=2")).json();
    expect(page2.metadata).toMatchObject({ page: 2, per_page: 2, total: 10 });
    expect(page2.payload.map((c: { code: string }) => c.code)).toEqual(["GBP", "CAD"]);
  });

  it("caps the page size and rejects bad paging naming the field", async () => {
    expectFieldError(await get("/dictionary/currencies?per_page=201"), "query.per_page");
    expectFieldError(await get("/dictionary/currencies?page=0"), "query.page");
    expectFieldError(await get("/dictionary/currencies?page=1.5"), "query.page");
    expectFieldError(await get("/dictionary/currencies?type=gold"), "query.type");
  });
});

describe("GET /dictionary/languages", () => {
  it("lists English as the default language", async () => {
    const res = await get("/dictionary/languages");
    expect(res.headers["cache-control"]).toBe("public, max-age=600");
    const items = res.json().payload.map((l: unknown) => language.parse(l));
    expect(items).toEqual([expect.objectContaining({ code: "en", name: "English", is_default: true })]);
  });
});

describe("GET /dictionary/phone_codes", () => {
  it("has one entry per code and country, sorted by code", async () => {
    const res = await get("/dictionary/phone_codes");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=600");
    const items = res.json().payload.map((p: unknown) => phoneCode.parse(p)) as PhoneCode[];
    const countries = (await get("/dictionary/countries")).json().payload as Array<{ guid: string; iso_codes: string }>;
    expect(items.length).toBeGreaterThanOrEqual(countries.length);
    const gb = countries.find((c) => c.iso_codes === "GB/GBR")!;
    expect(items).toContainEqual({ code: "44", country_guid: gb.guid, iso: "GB", country: "United Kingdom" });
    expect(items.filter((p) => p.iso === "PR").map((p) => p.code)).toEqual(["1787", "1939"]);
    const numeric = items.map((p) => Number(p.code));
    expect(numeric).toEqual([...numeric].sort((a, b) => a - b));
  });

  it("looks up one code, with or without the plus", async () => {
    const ones = (await get("/dictionary/phone_codes?code=1")).json().payload.map((p: PhoneCode) => p.iso);
    expect(ones).toEqual(expect.arrayContaining(["US", "CA"]));
    const plus44 = (await get("/dictionary/phone_codes?code=%2B44")).json().payload.map((p: PhoneCode) => p.iso);
    expect(plus44).toContain("GB");
    expectFieldError(await get("/dictionary/phone_codes?code=abc"), "query.code");
  });
});

describe("GET /dictionary/tags", () => {
  it("lists the system tags Live and Slots", async () => {
    const res = await get("/dictionary/tags");
    expect(res.headers["cache-control"]).toBe("public, max-age=600");
    const items = res.json().payload.map((t: unknown) => tag.parse(t));
    expect(items.map((t: { name: string; type: string }) => [t.name, t.type])).toEqual([
      ["Live", "system"],
      ["Slots", "system"],
    ]);
    expect((await get("/dictionary/tags?type=category")).json().payload).toEqual([]);
    expectFieldError(await get("/dictionary/tags?type=hidden"), "query.type");
  });
});

describe("OpenAPI", () => {
  it("documents every dictionary, workspace and edge-sync call", async () => {
    const paths = Object.keys((await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json().paths);
    for (const path of [
      "/api/v1/dictionary/countries",
      "/api/v1/dictionary/phone_codes",
      "/api/v1/workspace/currency_pairs",
      "/api/v1/workspace/settings",
      "/api/v1/edgesync/settings",
    ])
      expect(paths).toContain(path);
  });
});
