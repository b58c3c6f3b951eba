import { randomUUID } from "node:crypto";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../apps/server/src/app.ts";
import { loadEnv } from "../apps/server/src/env.ts";
import { issueGameSession } from "../apps/server/src/modules/game-sessions/issue-game-session.ts";
import { signBody } from "../apps/server/src/modules/provider-wallet/signature.ts";
import { webAppPlugin } from "../apps/server/src/plugins/web-app.ts";
import { launchBrowser, openPage, waitForHydration, type TrackedPage } from "./support/browser.ts";

// Game session tokens have no HTTP route yet (game launch belongs to the house-games issue), so
// this file runs its own server in-process on a fresh demo database and issues the token the
// way the wallet module's tests do: issueGameSession on the same database handle. The provider
// call itself goes over HTTP, signed like a real provider's, and the browser watches the header.
const HOUSE_SECRET = "dev-only-house-provider-secret";

let browser: Browser;
let database: TestDatabase;
let app: App;
let base: string;
let current: TrackedPage | undefined;

beforeAll(async () => {
  database = await createTestDatabase({ demo: true });
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    SERVE_WEB: "true",
    HOST: "127.0.0.1",
    PORT: "0",
    REDIS_URL: "",
  });
  app = await buildApp({ env, database, logger: false });
  await app.register(webAppPlugin, { buildDir: env.WEB_BUILD_DIR });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("the server has no TCP address");
  base = `http://127.0.0.1:${address.port}`;
  browser = await launchBrowser();
});

afterEach(async () => {
  await current?.context.close();
  current = undefined;
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await database?.close();
});

async function open() {
  current = await openPage(browser, { baseURL: base });
  return current;
}

const header = (page: Page) => page.getByRole("banner");
const walletButton = (page: Page) => header(page).getByTestId("header-wallet");
const headerTotal = (page: Page) => header(page).getByTestId("header-wallet-total");
const headerCurrency = (page: Page) => header(page).getByTestId("header-wallet-currency");

async function expectHeaderWallet(page: Page, total: string, currency: string) {
  await headerTotal(page)
    .filter({ hasText: new RegExp(`^${total.replace(/[.,]/g, "\\$&")}$`) })
    .waitFor();
  await headerCurrency(page).filter({ hasText: currency }).waitFor();
}

async function logInAsDemo(page: Page) {
  await page.goto("/?modal=login");
  await waitForHydration(page);
  const login = page.getByRole("dialog", { name: "Log in" });
  await login.getByLabel("Email", { exact: true }).fill("demo@example.com");
  await login.getByLabel("Password").fill("demo-password-1");
  await login.getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByTestId("header-player").waitFor();
}

type Seat = { player_guid: string; wallet_guid: string; game_code: string; game_guid: string };

/** The demo player's wallet in `currency` and a house game playable in it. */
async function demoSeat(currency: string): Promise<Seat> {
  const [seat] = await database.query<Seat>(
    `SELECT u.guid AS player_guid, w.guid AS wallet_guid, g.external_guid AS game_code, g.guid AS game_guid
       FROM users u JOIN wallets w ON w.customer_guid = u.guid JOIN currencies c ON c.guid = w.currency_guid, games g
      WHERE lower(u.email) = 'demo@example.com' AND c.code = $1
        AND g.game_provider = 'house' AND g.game_status = 'active' AND cardinality(g.currency_guids) = 0
      ORDER BY g.external_guid LIMIT 1`,
    [currency],
  );
  if (!seat) throw new Error(`the demo seed has no ${currency} wallet or no house game`);
  return seat;
}

/** A bet the way the house provider sends it: raw JSON body, HMAC-SHA256 in X-Signature. */
async function providerBet(seat: Seat, currency: string, amount: string) {
  const session = await issueGameSession(database.db, {
    playerGuid: seat.player_guid,
    walletGuid: seat.wallet_guid,
    providerCode: "house",
    gameCode: seat.game_code,
    gameGuid: seat.game_guid,
  });
  const body = JSON.stringify({
    request_uuid: randomUUID(),
    timestamp: new Date().toISOString(),
    token: session.token,
    game_code: seat.game_code,
    round_id: `e2e-round-${randomUUID()}`,
    transaction_uuid: `e2e-bet-${randomUUID()}`,
    amount,
    currency,
    is_free_spin: false,
    round_closed: true,
  });
  const response = await fetch(`${base}/api/v1/provider/house/wallet/bet`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-signature": signBody(HOUSE_SECRET, body) },
    body,
  });
  const answer = (await response.json()) as { status: string; balance: string };
  expect(answer.status).toBe("OK");
  return answer;
}

describe("wallet: header switcher, wallets page and live balances", () => {
  it("the demo player sees USD, switches to EUR, and a provider bet moves the header balance without a reload", async () => {
    const { page, errors } = await open();
    await logInAsDemo(page);
    await expectHeaderWallet(page, "1,000.00", "USD");

    await walletButton(page).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitemradio", { name: /USD/ }).getAttribute("aria-checked")).resolves.toBe("true");
    await menu.getByRole("menuitemradio", { name: /EUR/ }).click();
    await page.getByText("Active wallet switched to EUR").waitFor();
    await expectHeaderWallet(page, "500.00", "EUR");

    // The switch is the server's too: a new page load starts on EUR.
    await page.reload();
    await waitForHydration(page);
    await expectHeaderWallet(page, "500.00", "EUR");

    // Wait for the realtime socket (the wss-token call) before moving money, then prove no reload happens.
    await page.waitForFunction(() =>
      performance.getEntriesByType("resource").some((entry) => entry.name.includes("/socket.io/")),
    );
    await page.evaluate(() => {
      (window as unknown as { __e2eMarker?: string }).__e2eMarker = "same-document";
    });
    const answer = await providerBet(await demoSeat("EUR"), "EUR", "12.34");
    expect(answer.balance).toMatch(/^487\.66/);
    await expectHeaderWallet(page, "487.66", "EUR");
    await expect(page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).resolves.toBe(
      "same-document",
    );
    expect(errors).toEqual([]);
  }, 60_000);

  it("the wallets page lists every wallet, switches with Make active, and adds a wallet through ?add_wallet", async () => {
    const { page, errors } = await open();
    await logInAsDemo(page);
    await page.goto("/account/wallets/balance");
    await waitForHydration(page);
    const cards = page.getByTestId("wallet-card");
    await cards.nth(1).waitFor();
    expect(await cards.count()).toBe(2);

    const usd = page.getByRole("article", { name: "USD" });
    const eur = page.getByRole("article", { name: "EUR" });
    // The first test left EUR active.
    await eur.getByText("Active", { exact: true }).waitFor();
    await usd.getByTestId("wallet-card-total").filter({ hasText: "1,000.00" }).waitFor();
    await usd.getByRole("button", { name: "Make active" }).click();
    await page.getByText("Active wallet switched to USD").waitFor();
    await usd.getByText("Active", { exact: true }).waitFor();
    await expect(eur.getByRole("button", { name: "Make active" }).count()).resolves.toBe(1);
    await expectHeaderWallet(page, "1,000.00", "USD");

    await page.goto("/account/wallets/balance?add_wallet");
    await waitForHydration(page);
    const picker = page.getByRole("region", { name: "Add a wallet" });
    await picker.waitFor();
    // Wallets exist, so the flag leaves the address while the flow stays open.
    await page.waitForURL((url) => !url.searchParams.has("add_wallet"));
    await expect(picker.getByRole("button", { name: "Add a USD wallet" }).count()).resolves.toBe(0);
    await picker.getByRole("button", { name: "Add a JPY wallet" }).click();
    await page.getByText("Your JPY wallet is ready and active").waitFor();
    const jpy = page.getByRole("article", { name: "JPY" });
    await jpy.getByText("Active", { exact: true }).waitFor();
    await jpy
      .getByTestId("wallet-card-total")
      .filter({ hasText: /^0 JPY$/ })
      .waitFor();
    await expectHeaderWallet(page, "0", "JPY");
    expect(await cards.count()).toBe(3);
    expect(errors).toEqual([]);
  }, 60_000);
});
