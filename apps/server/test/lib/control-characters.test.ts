import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
import { buildApp, type App } from "../../src/app.ts";
import { loadEnv } from "../../src/env.ts";
import { findControlCharacters } from "../../src/lib/control-characters.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";

// Issue #13 item 10: a NUL byte in a text field answered 500 and wrote the failed statement's values
// (a saved card's PSP token, the card holder's name) to the error log.
let app: App;
let database: TestDatabase;
let auth: Record<string, string>;
let playerGuid: string;
const lines: string[] = [];
const futureYear = new Date().getUTCFullYear() + 3;

beforeAll(async () => {
  database = await createTestDatabase({ demo: true });
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const env = loadEnv({ NODE_ENV: "test", SERVE_WEB: "false", DEMO_MODE: "true", SANDBOX_PSP_TICK_MS: "0" });
  app = await buildApp({ env, database, logger: { level: "info", stream } });
  await app.ready();
  const player = await signUp(app, "nul-byte@example.com", "nul-byte-pass-1");
  auth = bearer(player.access_token);
  const [row] = await database.query<{ guid: string }>("SELECT guid FROM users WHERE email = 'nul-byte@example.com'");
  playerGuid = row!.guid;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const fieldsOf = (body: string) => (JSON.parse(body).payload.fields as { field: string; message: string }[]).map((f) => f.field);

describe("control characters in input", () => {
  it("refuses a NUL in the card holder's name with a 400 naming the field, and saves nothing", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/billing/card",
      headers: auth,
      payload: { card_number: "5555 5555 5555 4444", cardholder_name: "Alice\u0000Card", expiration_month: 7, expiration_year: futureYear },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().payload).toMatchObject({ code: "VALIDATION_ERROR", message: "Invalid input: body.cardholder_name" });
    expect(res.json().payload.fields).toEqual([{ field: "body.cardholder_name", message: "must not contain control characters" }]);
    const cards = await database.query("SELECT 1 FROM payment_cards WHERE customer_guid = $1", [playerGuid]);
    expect(cards).toHaveLength(0);
  });

  it("names nested fields and query parameters, and refuses escape sequences as well as NUL", async () => {
    const profile = await app.inject({ method: "POST", url: "/api/v1/profile", headers: auth, payload: { first_name: "Ada", last_name: "\u001b[31mRed" } });
    expect(profile.statusCode).toBe(400);
    expect(fieldsOf(profile.body)).toEqual(["body.last_name"]);
    const [saved] = await database.query<{ first_name: string | null }>("SELECT first_name FROM users WHERE guid = $1", [playerGuid]);
    expect(saved!.first_name).not.toBe("Ada");

    const games = await app.inject({ method: "GET", url: "/api/v1/catalog/games?game_name=book%00of" });
    expect(games.statusCode).toBe(400);
    expect(fieldsOf(games.body)).toEqual(["query.game_name"]);
  });

  it("keeps tab and line breaks, which multi-line text needs", () => {
    expect(findControlCharacters({ address: "1 Main St\r\nFlat 2\tRear" })).toEqual([]);
    expect(findControlCharacters({ list: [{ ok: "a" }, { bad: "b\u007f" }], ["k\u0000"]: "v" })).toEqual(["list.1.bad", "k?"]);
  });

  it("never answers 500 to a NUL in any string field of any documented body or query", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: unknown }> } }> }; parameters?: { in: string; name: string; schema?: { type?: unknown } }[] }>>;
    };
    const tried: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (path.includes("{")) continue;
        const properties = operation.requestBody?.content?.["application/json"]?.schema?.properties ?? {};
        const bodyField = Object.entries(properties).find(([, schema]) => schema.type === "string")?.[0];
        const queryField = (operation.parameters ?? []).find((p) => p.in === "query" && p.schema?.type === "string")?.name;
        if (!bodyField && !queryField) continue;
        const url = `${path}${queryField ? `?${queryField}=a%00b` : ""}`;
        const res = await app.inject({ method: method.toUpperCase() as "POST", url, headers: auth, ...(bodyField ? { payload: { [bodyField]: "a\u0000b" } } : {}) });
        tried.push(`${method} ${path}`);
        expect(res.statusCode, `${method} ${path}`).not.toBe(500);
        if (res.statusCode === 400) expect(fieldsOf(res.body).length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
    expect(tried.length).toBeGreaterThan(20);
  });
});

describe("the error log", () => {
  it("writes the failed statement's text but never its values", async () => {
    const secret = "tok_live_4242_holder_Alice_Card";
    try {
      await database.db.execute(sql`SELECT ${secret}::int AS n`);
      expect.unreachable("the statement should fail");
    } catch (error) {
      app.log.error({ err: error }, "statement failed");
    }
    const log = lines.join("");
    expect(log).toContain("Failed query: SELECT $1::int AS n");
    expect(log).not.toContain(secret);
    expect(log).not.toContain("tok_live");
  });
});
