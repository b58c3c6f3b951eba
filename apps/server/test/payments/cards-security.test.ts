import { Writable } from "node:stream";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
import { buildApp, type App } from "../../src/app.ts";
import { loadEnv } from "../../src/env.ts";
import { reconcileLedger } from "../../src/modules/ledger/reconcile-ledger.ts";
import { createPaymentsWorker } from "../../src/modules/payments/payments-worker.ts";
import { createProviderRegistry } from "../../src/modules/payments/psp/provider-registry.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";

// Distinct test cards so a hit can only come from this flow.
const PAN_API = "5555555555554444";
const PAN_PAGE = "4000000000003220";
const PAN_PAYMENT_API = "4242424242424242";
const CVV = "987";
const futureYear = new Date().getUTCFullYear() + 3;

let app: App;
let database: TestDatabase;
const lines: string[] = [];
let tick: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase({ demo: true });
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const env = loadEnv({ NODE_ENV: "test", SERVE_WEB: "false", DEMO_MODE: "true", SANDBOX_PSP_TICK_MS: "0", SANDBOX_PSP_PAYOUT_DELAY_MS: "0" });
  // The app's own logger configuration (lib/log-options.ts), written to a stream the test reads.
  app = await buildApp({ env, database, logger: { level: "trace", stream } });
  await app.ready();
  const worker = createPaymentsWorker(
    { db: database.db, env, providers: createProviderRegistry({ db: database.db, env }), log: app.log },
    async (rawBody, headers) => (await app.inject({ method: "POST", url: "/api/v1/billing/webhooks/sandbox", payload: rawBody, headers })).statusCode,
  );
  tick = worker.tick;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("cards: only token, BIN, last 4, holder and expiry are kept", () => {
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };

  it("saves, lists, deletes cards through both APIs; another player's card is a 404", async () => {
    const a = await signUp(app, `alice-${randomUUID()}@example.com`);
    const b = await signUp(app, `bob-${randomUUID()}@example.com`);
    alice = { token: a.access_token, id: a.profile.id };
    bob = { token: b.access_token, id: b.profile.id };
    const auth = bearer(alice.token);

    const billing = await app.inject({ method: "POST", url: "/api/v1/billing/card", headers: auth, payload: { card_number: "5555 5555 5555 4444", cardholder_name: "Alice Card", expiration_month: 7, expiration_year: futureYear } });
    expect(billing.statusCode, billing.body).toBe(200);
    expect(billing.json().payload).toMatchObject({ card_number: "555555******4444", cardholder_name: "Alice Card", expiration_month: 7, expiration_year: futureYear, customer_guid: alice.id });
    const paymentApi = await app.inject({ method: "POST", url: "/api/v1/payment/cards", headers: auth, payload: { card_number: PAN_PAYMENT_API, card_holder: "Alice Card", card_exp_month: 1, card_exp_year: futureYear } });
    expect(paymentApi.json().payload).toMatchObject({ card_number: "424242******4242", card_holder: "Alice Card", card_exp_month: 1 });

    const bad = [
      { card_number: "4242424242424241", cardholder_name: "A B", expiration_month: 1, expiration_year: futureYear },
      { card_number: PAN_API, cardholder_name: "A B", expiration_month: 1, expiration_year: 2020 },
      { card_number: PAN_API, cardholder_name: "A B", expiration_month: 13, expiration_year: futureYear },
      { card_number: "4242", cardholder_name: "A B", expiration_month: 1, expiration_year: futureYear },
      { card_number: PAN_API, cardholder_name: "", expiration_month: 1, expiration_year: futureYear },
    ];
    for (const body of bad) {
      const res = await app.inject({ method: "POST", url: "/api/v1/billing/card", headers: auth, payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).not.toContain("4242424242424241");
      expect(res.body).not.toContain(PAN_API);
    }

    const listed = (await app.inject({ method: "GET", url: "/api/v1/billing/cards", headers: auth })).json().payload;
    expect(listed).toHaveLength(2);
    const viaPaymentApi = (await app.inject({ method: "GET", url: "/api/v1/payment/cards", headers: auth })).json().payload;
    expect(viaPaymentApi.map((c: { guid: string }) => c.guid).sort()).toEqual(listed.map((c: { guid: string }) => c.guid).sort());
    expect((await app.inject({ method: "GET", url: "/api/v1/billing/cards", headers: bearer(bob.token) })).json().payload).toEqual([]);

    const first = listed[0].guid;
    expect((await app.inject({ method: "DELETE", url: `/api/v1/billing/card/${first}`, headers: bearer(bob.token) })).statusCode).toBe(404);
    expect((await app.inject({ method: "DELETE", url: `/api/v1/payment/cards/${first}`, headers: bearer(bob.token) })).statusCode).toBe(404);
    expect((await app.inject({ method: "DELETE", url: `/api/v1/billing/card/${first}`, headers: auth })).statusCode).toBe(200);
    expect((await app.inject({ method: "DELETE", url: `/api/v1/payment/cards/${first}`, headers: auth })).statusCode).toBe(404);
    expect((await app.inject({ method: "DELETE", url: "/api/v1/billing/card/not-a-guid", headers: auth })).statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: "/api/v1/billing/cards" })).statusCode).toBe(401);
    // Bob cannot deposit or withdraw with Alice's card.
    const usd = (await database.query<{ guid: string }>("SELECT guid FROM currencies WHERE code = 'USD'"))[0]!.guid;
    const card = (await database.query<{ guid: string }>("SELECT guid FROM payment_systems WHERE name = 'sandbox_card'"))[0]!.guid;
    const second = listed[1].guid;
    expect((await app.inject({ method: "POST", url: "/api/v1/billing/deposit", headers: bearer(bob.token), payload: { amount: "20", currency_guid: usd, psp_guid: card, card_guid: second } })).statusCode).toBe(404);
  });

  it("the hosted page takes a card (3-D Secure, saved), then the database and the logs hold neither the number nor the CVV", async () => {
    const usd = (await database.query<{ guid: string }>("SELECT guid FROM currencies WHERE code = 'USD'"))[0]!.guid;
    const card = (await database.query<{ guid: string }>("SELECT guid FROM payment_systems WHERE name = 'sandbox_card'"))[0]!.guid;
    const dep = await app.inject({ method: "POST", url: "/api/v1/billing/deposit", headers: bearer(alice.token), payload: { amount: "50", currency_guid: usd, psp_guid: card } });
    const path = new URL(dep.json().payload.redirect_url).pathname;
    const challenge = await app.inject({
      method: "POST",
      url: `${path}/pay`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ holder: "Alice Card", card_number: "4000 0000 0000 3220", exp_month: "03", exp_year: String(futureYear), cvv: CVV, save_card: "true" }).toString(),
    });
    const code = /data-testid="challenge-code">(\d{6})</.exec(challenge.body)![1]!;
    const done = await app.inject({ method: "POST", url: `${path}/challenge`, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: `code=${code}` });
    expect(done.statusCode).toBe(303);
    await tick();
    const cards = (await app.inject({ method: "GET", url: "/api/v1/billing/cards", headers: bearer(alice.token) })).json().payload;
    expect(cards.map((c: { card_number: string }) => c.card_number)).toContain("400000******3220");
    // A deposit with the saved card asks only for the CVV on the hosted page.
    const saved = cards.find((c: { card_number: string }) => c.card_number === "400000******3220").guid;
    const again = await app.inject({ method: "POST", url: "/api/v1/billing/deposit", headers: bearer(alice.token), payload: { amount: "20", currency_guid: usd, psp_guid: card, card_guid: saved } });
    const savedPage = await app.inject({ method: "GET", url: new URL(again.json().payload.redirect_url).pathname });
    expect(savedPage.body).toContain("•••• 3220");
    expect(savedPage.body).not.toContain('name="card_number"');

    // Scan every text-like column of every table. The CVV counts only as a token of its own: inside a
    // random base64url secret (the sign-up mails' links in dev_outbox) three digits are mere chance.
    const columns = await database.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY')`,
    );
    expect(columns.length).toBeGreaterThan(50);
    const hits: string[] = [];
    for (const { table_name, column_name } of columns) {
      const rows = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${table_name}"
          WHERE regexp_replace("${column_name}"::text, '[ -]', '', 'g') ~ '(${PAN_API}|${PAN_PAGE}|${PAN_PAYMENT_API})'
             OR "${column_name}"::text ~ '(^|[^0-9A-Za-z_-])${CVV}([^0-9A-Za-z_-]|$)' OR "${column_name}"::text ILIKE '%cvv%'`,
      );
      if (rows[0]!.n > 0) hits.push(`${table_name}.${column_name}`);
    }
    expect(hits).toEqual([]);
    const stored = await database.query<{ bin: string; last4: string; provider_token: string }>("SELECT bin, last4, provider_token FROM payment_cards WHERE customer_guid = $1", [alice.id]);
    expect(stored.every((c) => /^\d{6}$/.test(c.bin) && /^\d{4}$/.test(c.last4) && c.provider_token.startsWith("tok_"))).toBe(true);

    // Anything that logs an object with card fields gets them redacted.
    app.log.info({ card_number: PAN_API, nested: { cvv: CVV, pan: PAN_PAGE } }, "card fields in a log line");
    const log = lines.join("");
    expect(log.length).toBeGreaterThan(1000);
    const flat = log.replace(/[ -]/g, "");
    for (const pan of [PAN_API, PAN_PAGE, PAN_PAYMENT_API]) expect(flat).not.toContain(pan);
    expect(log).not.toMatch(new RegExp(`(^|[^0-9A-Za-z_-])${CVV}([^0-9A-Za-z_-]|$)`, "m"));
    expect(log).toContain("[Redacted]");
    expect((await reconcileLedger(database.db)).ok).toBe(true);
  });
});
