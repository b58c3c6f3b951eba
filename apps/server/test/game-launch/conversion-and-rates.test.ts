import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "@croupier/db/create-database";
import { migrate } from "@croupier/db/migrate";
import { seed } from "@croupier/db/seed/seed";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";
import { currencyGuid } from "../wallet/wallet-helpers.ts";
import { parseRates, readRatesSource } from "../../src/cli/update-exchange-rates.ts";
import { updateExchangeRates } from "../../src/modules/game-launch/update-exchange-rates.ts";

let ctx: TestContext;
let fiatOnly: string;
let anyCurrency: string;
let usd: string;
let eur: string;
let btc: string;

beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
  usd = await currencyGuid(ctx.database, "USD");
  eur = await currencyGuid(ctx.database, "EUR");
  btc = await currencyGuid(ctx.database, "BTC");
  fiatOnly = (await ctx.database.query<{ guid: string }>(
    "SELECT guid FROM games WHERE external_guid = 'house:live-blackjack-blackjack-vip-table'",
  ))[0]!.guid;
  anyCurrency = (await ctx.database.query<{ guid: string }>(
    "SELECT guid FROM games WHERE external_guid = 'house:slot-pharaoh-gold'",
  ))[0]!.guid;
});
afterAll(async () => {
  await ctx?.close();
});

const conversion = (guid: string, token?: string) =>
  ctx.app.inject({ method: "GET", url: `/api/v1/games/conversion/${guid}`, headers: token ? bearer(token) : {} });

describe("GET /games/conversion/{guid} and POST /games/conversion", () => {
  it("for a visitor: the game's currencies and every rated pair linking another currency to them", async () => {
    const res = await conversion(fiatOnly);
    expect(res.statusCode, res.body).toBe(200);
    const payload = res.json().payload;
    expect(payload).toMatchObject({ game_guid: fiatOnly, policy: "ingame_convertion", wallet_currency_guid: null, conversion_required: false });
    expect(payload.project_game_currencies.map((c: { code: string }) => c.code)).toEqual(["USD", "EUR", "GBP", "CAD", "AUD"]);
    expect(payload.project_game_currencies[0]).toEqual({ guid: usd, code: "USD", name: "US Dollar", symbol: "$", decimals: 2 });
    // The seeded pairs are X/USD; those whose X the game does not accept are the conversion routes.
    expect(payload.supported_currency_pairs.map((p: { base_asset: string; quote_asset: string; price: string }) => `${p.base_asset}/${p.quote_asset}=${p.price}`)).toEqual([
      "BRL/USD=0.18",
      "BTC/USD=65000",
      "ETH/USD=3200",
      "JPY/USD=0.0067",
      "USDT/USD=1",
    ]);
  });

  it("for a player: the pair from the active wallet's currency, and which of their wallets play as they are", async () => {
    const s = await signUp(ctx.app, `conv-${randomUUID()}@example.com`);
    await ctx.app.inject({ method: "GET", url: "/api/v1/billing/wallet", headers: bearer(s.access_token) });
    await ctx.app.inject({ method: "GET", url: `/api/v1/billing/wallet?currency_guid=${eur}`, headers: bearer(s.access_token) });
    await ctx.app.inject({ method: "GET", url: `/api/v1/billing/wallet?currency_guid=${btc}&set_active=true`, headers: bearer(s.access_token) });
    const payload = (await conversion(fiatOnly, s.access_token)).json().payload;
    expect(payload).toMatchObject({ wallet_currency_guid: btc, conversion_required: true });
    expect(new Set(payload.playable_wallet_currency_guids)).toEqual(new Set([usd, eur]));
    expect(payload.supported_currency_pairs).toHaveLength(1);
    expect(payload.supported_currency_pairs[0]).toMatchObject({ base_guid: btc, quote_guid: usd, price: "65000", quoted_at: "2026-01-01T00:00:00.000Z" });

    // A game that accepts every currency needs no conversion at all.
    const open = (await conversion(anyCurrency, s.access_token)).json().payload;
    expect(open).toMatchObject({ conversion_required: false, supported_currency_pairs: [] });
    expect(open.project_game_currencies.length).toBeGreaterThanOrEqual(10);
  });

  it("POST names the game by guid or by page URL; unknown games 404, bad input 400", async () => {
    const byGuid = await ctx.app.inject({ method: "POST", url: "/api/v1/games/conversion", payload: { game_guid: fiatOnly } });
    expect(byGuid.statusCode).toBe(200);
    const [game] = await ctx.database.query<{ provider: string; game_name: string }>(
      "SELECT p.name AS provider, g.game_name FROM games g JOIN providers p ON p.guid = g.provider_guid WHERE g.guid = $1",
      [fiatOnly],
    );
    const route = (name: string) => name.toLowerCase().replace(/[\s/]/g, "-");
    const byUrl = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/games/conversion",
      payload: { game_url: `/game/${route(game!.provider)}/${route(game!.game_name)}` },
    });
    expect(byUrl.statusCode, byUrl.body).toBe(200);
    expect(byUrl.json().payload).toEqual(byGuid.json().payload);

    expect((await conversion(randomUUID())).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: "/api/v1/games/conversion/not-a-guid" })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: "POST", url: "/api/v1/games/conversion", payload: {} })).statusCode).toBe(400);
  });
});

describe("exchange-rate update", () => {
  it("stores new prices, reports unchanged and unknown pairs, and the conversion calls show the new price", async () => {
    const report = await updateExchangeRates(
      ctx.database.db,
      parseRates(JSON.stringify({ quoted_at: "2026-03-01T12:00:00Z", rates: { "BTC/USD": "70123.45", "EUR/USD": "1.08", "USD/BTC": "0.0000142", "XYZ/USD": "3" } })),
      "test",
    );
    expect(report).toEqual({ updated: ["BTC/USD"], unchanged: ["EUR/USD"], unknown: ["USD/BTC", "XYZ/USD"] });
    const [row] = await ctx.database.query<{ price: string; source: string }>(
      `SELECT trim_scale(er.price)::text AS price, er.source FROM exchange_rates er
         JOIN currency_pairs cp ON cp.guid = er.currency_pair_guid WHERE cp.base_asset = 'BTC' AND cp.quote_asset = 'USD'`,
    );
    expect(row).toEqual({ price: "70123.45", source: "test" });
    const pairs = (await conversion(fiatOnly)).json().payload.supported_currency_pairs as { base_asset: string; price: string; quoted_at: string }[];
    expect(pairs.find((p) => p.base_asset === "BTC")).toMatchObject({ price: "70123.45", quoted_at: "2026-03-01T12:00:00.000Z" });
  });

  it("rejects files with JSON-number, zero, negative or malformed prices and bad pair names", () => {
    expect(() => parseRates("not json")).toThrow(/not valid JSON/);
    expect(() => parseRates(JSON.stringify({ rates: { "BTC/USD": 65000 } }))).toThrow(/rates\.BTC\/USD/);
    expect(() => parseRates(JSON.stringify({ rates: { "BTC/USD": "0" } }))).toThrow(/greater than zero/);
    expect(() => parseRates(JSON.stringify({ rates: { "BTC/USD": "-1" } }))).toThrow(/positive decimal/);
    expect(() => parseRates(JSON.stringify({ rates: { "btc-usd": "1" } }))).toThrow(/BASE\/QUOTE/);
    expect(parseRates(JSON.stringify({ rates: { "BTC/USD": "0.5" } })).rates).toEqual({ "BTC/USD": "0.5" });
  });

  it("reads the rates from an argument, EXCHANGE_RATES_FILE or EXCHANGE_RATES_JSON", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rates-"));
    const file = path.join(dir, "rates.json");
    fs.writeFileSync(file, '{"rates":{"EUR/USD":"1.1"}}');
    try {
      expect(readRatesSource([file], {})).toEqual({ text: '{"rates":{"EUR/USD":"1.1"}}', source: "file:rates.json" });
      expect(readRatesSource([], { EXCHANGE_RATES_FILE: file })?.source).toBe("file:rates.json");
      expect(readRatesSource([], { EXCHANGE_RATES_JSON: '{"rates":{}}' })).toEqual({ text: '{"rates":{}}', source: "env:EXCHANGE_RATES_JSON" });
      expect(JSON.parse(readRatesSource(["--demo"], {})!.text).rates["BTC/USD"]).toBe("65000");
      expect(readRatesSource([], {})).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the command updates a real database and exits 1 naming an unknown pair", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rates-cli-"));
    const seeded = await createDatabase({ dataDir: dir });
    await migrate(seeded);
    await seed(seeded.db, { demo: false });
    await seeded.close();
    const run = promisify(execFile);
    const cli = path.resolve(import.meta.dirname, "../../src/cli/update-exchange-rates.ts");
    const tsx = path.resolve(import.meta.dirname, "../../../../node_modules/.bin/tsx");
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: "", NODE_ENV: "test", EXCHANGE_RATES_JSON: '{"rates":{"ETH/USD":"2999.5","DOGE/USD":"0.1"}}' };
    try {
      const failure = await run(tsx, [cli], { env }).then(
        () => null,
        (error: { code: number; stdout: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stdout).toContain("1 updated");
      expect(failure?.stdout).toContain("UNKNOWN PAIRS (nothing stored): DOGE/USD");
      const ok = await run(tsx, [cli, "--demo"], { env });
      expect(ok.stdout).toContain("9 updated");
      const reopened = await createDatabase({ dataDir: dir });
      try {
        const rows = await reopened.query<{ pair: string; price: string }>(
          `SELECT cp.base_asset || '/' || cp.quote_asset AS pair, trim_scale(er.price)::text AS price
             FROM exchange_rates er JOIN currency_pairs cp ON cp.guid = er.currency_pair_guid WHERE cp.base_asset = 'ETH'`,
        );
        expect(rows).toEqual([{ pair: "ETH/USD", price: "3200" }]);
      } finally {
        await reopened.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
