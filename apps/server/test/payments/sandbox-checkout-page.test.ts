import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isExpired } from "../../src/modules/payments/card-number.ts";
import { defaultCardExpiry } from "../../src/modules/payments/psp/sandbox/sandbox-pages.ts";
import {
  buildPaymentsApp,
  call,
  cashOf,
  currencyGuid,
  newPlayer,
  systemGuid,
  walletOf,
  type PaymentsTest,
  type Player,
} from "./payments-helpers.ts";

// Issue #13 item 17: the sandbox card page started its expiry at 01 of this year, already past for most of
// the year, so the README's test card was declined ("This card has expired") on a newcomer's first try.

let t: PaymentsTest;
let player: Player;

beforeAll(async () => {
  t = await buildPaymentsApp();
  player = await newPlayer(t, "newcomer");
});
afterAll(async () => {
  await t?.close();
});

async function openCheckout(amount = "25") {
  const res = await call(t, player, "POST", "/billing/deposit", {
    amount,
    currency_guid: await currencyGuid(t, "USD"),
    psp_guid: await systemGuid(t, "sandbox_card"),
  });
  expect(res.statusCode, res.body).toBe(200);
  const path = new URL(res.json().payload.redirect_url as string).pathname;
  const page = await t.app.inject({ method: "GET", url: path });
  expect(page.statusCode).toBe(200);
  return { path, html: page.body, transactionGuid: res.json().payload.transaction_guid as string };
}

/** What a browser submits for a <select> nobody touched: its selected option, else its first. */
function untouchedSelect(html: string, name: string): string {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1];
  if (!select) throw new Error(`no select ${name}`);
  const options = [...select.matchAll(/<option([^>]*)>([^<]*)<\/option>/g)].map((m) => ({
    selected: /\bselected\b/.test(m[1]!),
    value: /value="([^"]*)"/.exec(m[1]!)?.[1] ?? m[2]!,
  }));
  return (options.find((o) => o.selected) ?? options[0]!).value;
}

describe("the sandbox card page", () => {
  it("starts with an expiry in the future, on every day of the year", async () => {
    const { html } = await openCheckout();
    const month = Number(untouchedSelect(html, "exp_month"));
    const year = Number(untouchedSelect(html, "exp_year"));
    expect(isExpired(month, year)).toBe(false);
    for (const day of ["2026-01-01T00:00:00Z", "2026-06-15T12:00:00Z", "2026-12-31T23:59:59Z"]) {
      const now = new Date(day);
      const expiry = defaultCardExpiry(now);
      expect(isExpired(expiry.month, expiry.year, now), day).toBe(false);
    }
  });

  it("takes the README's test card on the first try with the expiry left as it is", async () => {
    const { path, html, transactionGuid } = await openCheckout("25");
    const form = new URLSearchParams({
      holder: "New Player",
      card_number: "4242 4242 4242 4242",
      exp_month: untouchedSelect(html, "exp_month"),
      exp_year: untouchedSelect(html, "exp_year"),
      cvv: "123",
    });
    const paid = await t.app.inject({
      method: "POST",
      url: `${path}/pay`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form.toString(),
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain("status=success");
    await t.worker.tick();
    expect(await cashOf(t, await walletOf(t, player.id, "USD"))).toBe("25");
    const status = await call(t, player, "GET", "/payments?transaction_type=deposit");
    expect(status.json().payload.find((p: { guid: string }) => p.guid === transactionGuid)?.status).toBe("successful");
  });

  it("shows the merchant, the amount, labelled fields and the test cards", async () => {
    const { html } = await openCheckout("30");
    expect(html).toContain('<p class="amount" data-testid="amount">30 USD</p>');
    expect(html).toMatch(/class="merchant-name">[^<]+</);
    for (const id of ["holder", "card_number", "exp_month", "exp_year", "cvv"]) {
      expect(html, id).toMatch(new RegExp(`<label for="${id}">[^<]+</label>`));
      expect(html, id).toContain(`id="${id}"`);
    }
    expect(html).toContain("4242 4242 4242 4242");
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
  });

  it("ties an error to its field", async () => {
    const { path } = await openCheckout("31");
    const page = await t.app.inject({ method: "GET", url: `${path}?error=invalid_number` });
    expect(page.body).toContain('<p class="alert" role="alert" id="card-error">This card number is not valid.</p>');
    expect(page.body).toMatch(
      /id="card_number"[^>]*aria-invalid="true" aria-describedby="card-error card_number-hint"/,
    );
  });
});

describe("a deposit started through another loopback name (no PUBLIC_URL)", () => {
  it("sends the player to the sandbox page and back on the origin they used; any other Host keeps the default", async () => {
    const deposit = async (host: string) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/billing/deposit",
        headers: { authorization: `Bearer ${player.token}`, host },
        payload: {
          amount: "20",
          currency_guid: await currencyGuid(t, "USD"),
          psp_guid: await systemGuid(t, "sandbox_card"),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const redirect = new URL(res.json().payload.redirect_url as string);
      const [row] = await t.database.query<{ return_url: string }>("SELECT return_url FROM payments WHERE guid = $1", [
        res.json().payload.transaction_guid,
      ]);
      return { checkout: redirect.origin, back: new URL(row!.return_url).origin };
    };
    expect(await deposit("127.0.0.1:3000")).toEqual({
      checkout: "http://127.0.0.1:3000",
      back: "http://127.0.0.1:3000",
    });
    expect(await deposit("evil.example")).toEqual({ checkout: "http://localhost:3000", back: "http://localhost:3000" });
  });
});
