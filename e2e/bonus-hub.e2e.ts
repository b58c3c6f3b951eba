import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { auditAccessibility, formatViolations } from "./support/axe.ts";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Issue #17 in the player app: the bonus hub lists the seeded welcome offer (100 % up to 100 USD,
// 10×, 7 days) in the seed's display form with its full terms; a new player takes it from the
// offer's Deposit button through the sandbox PSP (50 USD), finds it active in My bonuses with the
// wagering bar at 0 % and 500 USD left to wager, and cancels it after a confirmation that says the
// bonus money is forfeited.

const session = useBrowserSession();

/**
 * A page whose player is a person of their own. One welcome bonus per person (ADR 031) links
 * accounts by the session log's address + user agent, and every browser of a run is 127.0.0.1 with
 * the same Chromium: the server trusts X-Forwarded-For from loopback (scripts/e2e.mjs), so each
 * player gets an address of the IPv6 documentation range.
 */
function open() {
  const ip = `2001:db8::${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
  // bypassCSP: the pages' CSP refuses inline scripts, and axe is injected as one (e2e/support/axe.ts).
  return session.open({ extraHTTPHeaders: { "x-forwarded-for": ip }, bypassCSP: true }).then((tracked) => ({ ...tracked, ip }));
}

/** WCAG 2.1 AA over the page or one dialog of it; answers the readable violations (none: []). */
async function audit(page: Page, where: string, include?: string): Promise<string[]> {
  const violations = await auditAccessibility(page, include ? { include } : {});
  return violations.length === 0 ? [] : [formatViolations(where, violations)];
}

/** The sandbox's always-succeeding Visa (apps/server/src/modules/payments/providers/sandbox/sandbox-cards.ts). */
const TEST_CARD = "4242 4242 4242 4242";

const header = (page: Page) => page.getByRole("banner", { includeHidden: true });

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown; ip?: string } = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.ip ? { "x-forwarded-for": init.ip } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as { payload: unknown };
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return json.payload as T;
}

/**
 * A player who has never deposited, signed up outside the browser (page.request would share the
 * browser's cookies) and logged in through the dialog. Answers the API token and the USD guid.
 */
async function logInAsNewPlayer(page: Page, ip: string): Promise<{ token: string; usd: string }> {
  const email = `bonus-hub-${randomBytes(6).toString("hex")}@example.com`;
  const password = "bonus-hub-pass-1";
  const currencies = await api<{ guid: string; code: string }[]>("/dictionary/currencies");
  const usd = currencies.find((c) => c.code === "USD")!.guid;
  // The sign-up's own session is logged too: from the player's address as well.
  const signed = await api<{ access_token: string }>("/signup", { body: { email, password, currency_guid: usd }, ip });
  await page.goto("/?modal=login");
  await waitForHydration(page);
  const login = page.getByRole("dialog", { name: "Log in" });
  await login.getByLabel("Email", { exact: true }).fill(email);
  await login.getByLabel("Password").fill(password);
  await login.getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByTestId("header-player").waitFor();
  await header(page).getByTestId("header-wallet-currency").filter({ hasText: "USD" }).waitFor({ timeout: 20_000 });
  return { token: signed.access_token, usd };
}

/**
 * Whether socket.io has answered the page's socket CONNECT ("40…"; over long-polling, packets
 * separated by \x1e, or a websocket frame): realtime events are not replayed to a later socket.
 */
function watchSocket(page: Page) {
  const state = { connected: false };
  const isConnectAck = (text: string) => text.split("\x1e").some((packet) => packet.startsWith("40"));
  page.on("response", (response) => {
    if (!response.url().includes("/socket.io/") || response.request().method() !== "GET") return;
    void response.text().then(
      (text) => {
        if (isConnectAck(text)) state.connected = true;
      },
      () => undefined,
    );
  });
  page.on("websocket", (socket) => {
    socket.on("framereceived", ({ payload }) => {
      if (typeof payload === "string" && isConnectAck(payload)) state.connected = true;
    });
  });
  return state;
}

describe("bonus hub: the welcome offer, taken with a deposit, then cancelled", () => {
  it("shows the offer and its terms to a visitor", async () => {
    const { page, errors } = await open();
    await page.goto("/bonus-hub/promo");
    await waitForHydration(page);
    const offer = page.getByRole("article", { name: "Welcome bonus" });
    // Server-rendered: the offer is in the first HTML, in the seed's display form.
    await expect(offer.innerText()).resolves.toMatch(/100% up to 100 USD/);
    const text = await offer.innerText();
    expect(text).toMatch(/Required deposit\s+1st deposit/);
    expect(text).toMatch(/Wagering\s+Wager ×10/);
    expect(text).toMatch(/Wagering time\s+7 days/);
    expect(text).toMatch(/Winnings\s+100%/);
    expect(text).toMatch(/Maximum bonus\s+100 USD/);
    expect(text).toMatch(/Max cashout\s+No limit/);
    await expect(offer.getByTestId("bonus-label").first().innerText()).resolves.toBe("Welcome");
    expect(await offer.getByRole("link", { name: "Deposit" }).count()).toBe(0);
    const violations = await audit(page, "/bonus-hub/promo");

    // bonus-info1: the fixed title, the display form and the full terms; Escape closes it.
    await offer.getByRole("link", { name: "Terms: Welcome bonus" }).click();
    const info = page.getByRole("dialog", { name: "Welcome bonus" });
    await info.getByRole("region", { name: "Full terms" }).filter({ hasText: "One welcome bonus per person." }).waitFor();
    expect(new URL(page.url()).searchParams.get("modal")).toBe("bonus-info1");
    violations.push(...(await audit(page, "bonus-info1", '[role="dialog"]')));
    await page.keyboard.press("Escape");
    await info.waitFor({ state: "hidden" });
    expect(new URL(page.url()).searchParams.get("modal")).toBeNull();
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("lists the demo cashback, rakeback and coin offers in the seed's style (issue #18)", async () => {
    const { page, errors } = await open();
    await page.goto("/bonus-hub/promo");
    await waitForHydration(page);
    const cashback = page.getByRole("article", { name: "Weekly cashback" });
    await expect(cashback.innerText()).resolves.toMatch(/10% cashback, weekly/);
    expect(await cashback.innerText()).toMatch(/Maximum cashback\s+500 USD/);
    const rakeback = page.getByRole("article", { name: "Rakeback" });
    await expect(rakeback.innerText()).resolves.toMatch(/Rakeback: 1% slots, 0\.5% live/);
    expect(await rakeback.innerText()).toMatch(/Paid as\s+Cash, no wagering/);
    const coin = page.getByRole("article", { name: "Coin bonus 10" });
    await expect(coin.innerText()).resolves.toMatch(/10 USD for 100 coins/);
    expect(await coin.innerText()).toMatch(/Price\s+100 coins/);
    // None of them is taken with a deposit.
    for (const offer of [cashback, rakeback, coin]) expect(await offer.getByRole("link", { name: "Deposit" }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("deposits 50 USD from the offer, sees the bonus active at 0 % with 500 USD to wager, and cancels it", async () => {
    const { page, errors, ip } = await open();
    await logInAsNewPlayer(page, ip);

    // The offer says this player can get it, and its Deposit button opens the deposit dialog.
    await page.goto("/bonus-hub/promo");
    await waitForHydration(page);
    const offer = page.getByRole("article", { name: "Welcome bonus" });
    await offer.getByText("You can get this bonus.").waitFor();
    await offer.getByRole("link", { name: "Deposit" }).click();
    const dialog = page.getByRole("dialog", { name: "Deposit" });
    await dialog.getByRole("textbox", { name: "Amount" }).fill("50");
    await dialog.getByRole("button", { name: "Continue to payment" }).click();
    await page.waitForURL(/\/sandbox-psp\/checkout\//);
    await page.getByLabel("Name on card").fill("Bonus Player");
    await page.getByLabel("Card number").fill(TEST_CARD);
    await page.getByLabel("CVV").fill("123");
    await page.getByRole("button", { name: "Pay 50 USD" }).click();
    await page.waitForURL((url) => url.pathname === "/account/wallets/deposit" && url.searchParams.get("status") === "success");

    // The webhook settles the deposit and the engine grants and activates the welcome bonus in the
    // same transaction; My bonuses shows it (reloaded until the settlement has landed).
    await page.goto("/bonus-hub/my-bonuses");
    await waitForHydration(page);
    const active = page.getByTestId("active-bonus");
    await expect
      .poll(
        async () => {
          if ((await active.count()) > 0) return true;
          await page.reload();
          await waitForHydration(page);
          return false;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(true);
    const bar = active.getByRole("progressbar", { name: "Wagering progress: Welcome bonus" });
    await expect(bar.getAttribute("aria-valuenow")).resolves.toBe("0");
    await expect(bar.getAttribute("aria-valuetext")).resolves.toBe("0% wagered, 500.00 USD left to wager");
    await expect(active.getByTestId("wager-left").innerText()).resolves.toMatch(/500\.00 USD/);
    await expect(active.getByTestId("bonus-balance").innerText()).resolves.toMatch(/50\.00 USD/);
    await expect(active.getByRole("timer").innerText()).resolves.toMatch(/^(6d 23h \d+m|7d 0h 0m)$/);
    const violations = await audit(page, "/bonus-hub/my-bonuses (active bonus)");

    // Cancel: the confirmation says what is lost; afterwards the bonus is history.
    await active.getByRole("button", { name: "Cancel bonus" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Cancel Welcome bonus?" });
    await expect(confirm.innerText()).resolves.toContain("removes your bonus money and any winnings made with it");
    await expect(confirm.innerText()).resolves.toContain("50.00 USD");
    violations.push(...(await audit(page, "cancel confirmation", '[role="alertdialog"]')));
    await confirm.getByRole("button", { name: "Cancel bonus and forfeit" }).click();
    await page.getByText("No active bonus. Activate one below or claim a promotion.").waitFor({ timeout: 15_000 });
    const past = page.getByTestId("past-bonus").filter({ hasText: "Welcome bonus" });
    await expect(past.innerText()).resolves.toMatch(/Cancelled[\s\S]*50\.00 USD forfeited/);

    // With the bonus-hub flag on (the default), /account/bonuses lives in the hub.
    await page.goto("/account/bonuses#history");
    await page.waitForURL((url) => url.pathname === "/bonus-hub/my-bonuses");
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("follows the bonus over the socket: granted and activated while My bonuses is open, then cancelled elsewhere", async () => {
    const { page, errors, ip } = await open();
    const socket = watchSocket(page);
    const { token, usd } = await logInAsNewPlayer(page, ip);
    // A page load opens a new socket: wait for that one.
    socket.connected = false;
    await page.goto("/bonus-hub/my-bonuses");
    await waitForHydration(page);
    await page.getByText("No bonuses yet").waitFor();
    await expect.poll(() => socket.connected, { timeout: 10_000 }).toBe(true);

    // A deposit settles elsewhere (the demo-mode test deposit): the page follows without a reload.
    await api("/billing/deposit/test", { token, body: { amount: "50", currency_guid: usd } });
    const active = page.getByTestId("active-bonus");
    await active.waitFor({ timeout: 15_000 });
    // Granted and auto-activated in one transaction: one toast says both.
    await page.getByText("You have a new bonus: Welcome bonus. It is active now.").waitFor();
    await expect(active.getByTestId("bonus-balance").innerText()).resolves.toMatch(/50\.00 USD/);

    // Cancelled from another device: the page says so and moves it to the history.
    const [bonus] = await api<{ guid: string }[]>("/bonuses/list?status=active", { token });
    await api(`/bonuses/cancel/${bonus!.guid}`, { token, method: "PATCH" });
    await page.getByText("Your bonus was cancelled: Welcome bonus").waitFor({ timeout: 15_000 });
    await page.getByText("No active bonus. Activate one below or claim a promotion.").waitFor();
    await page.getByTestId("past-bonus").filter({ hasText: "Cancelled" }).waitFor();
    expect(errors).toEqual([]);
  });
});
