import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Issue #16's account pages (ADR 024): a deposit reaches the header's notification badge in realtime and
// the notification page lists it; the dashboard charts the deposit; the account history lists the login.

const session = useBrowserSession();

async function api(path: string, init: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as { payload: unknown };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.payload as never;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/?modal=login");
  await waitForHydration(page);
  const login = page.getByRole("dialog", { name: "Log in" });
  await login.getByLabel("Email", { exact: true }).fill(email);
  await login.getByLabel("Password").fill(password);
  await login.getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByTestId("header-player").waitFor();
}

describe("account pages", () => {
  it("deposit → the notification badge appears live and the page lists it; the dashboard charts it; history lists the login", async () => {
    const { page, errors } = await session.open();
    const email = `account-${randomBytes(6).toString("hex")}@example.com`;
    const password = "account-pages-pass-1";
    const currencies: { guid: string; code: string }[] = await api("/dictionary/currencies");
    const usd = currencies.find((c) => c.code === "USD")!.guid;
    const signed: { access_token: string } = await api("/signup", { body: { email, password, currency_guid: usd } });

    await logIn(page, email, password);
    await page.goto("/account/dashboard");
    await waitForHydration(page);
    await page.getByText("No activity yet").waitFor();
    const bell = page.getByRole("banner").getByTestId("header-notifications");
    await bell.waitFor();
    expect(await page.getByTestId("notification-badge").count()).toBe(0);

    // The deposit settles on the server; this page hears of it over its socket, without a reload.
    await api("/billing/deposit/test", { token: signed.access_token, body: { amount: "40", currency_guid: usd } });
    await page.getByRole("banner").getByTestId("notification-badge").filter({ hasText: /^1$/ }).waitFor();
    expect(await bell.getAttribute("aria-label")).toBe("Notifications, 1 unread");
    // A first deposit opens the deposit-success dialog (first-deposit-bridge); it goes with Escape.
    const success = page.getByRole("dialog", { name: "Deposit successful!" });
    await success.waitFor();
    await page.keyboard.press("Escape");
    await success.waitFor({ state: "hidden" });
    // The open dashboard fetched its figures again on the deposit's balance event.
    await page.getByRole("region", { name: "USD over 30 days" }).getByText("40.00 USD").first().waitFor();

    // The wallet's "Deposit received" toast sits over the header's corner: the keyboard reaches the bell all the same.
    await bell.press("Enter");
    await page.waitForURL((url) => url.pathname === "/account/notification");
    const list = page.getByRole("region", { name: "Your notifications", exact: true });
    const item = list.getByTestId("notification").filter({ hasText: "Deposit received" });
    await item.waitFor();
    expect(await item.getAttribute("data-unread")).toBe("true");
    await item.getByText("40.00 USD").waitFor();
    await list.getByRole("button", { name: "Mark all as read" }).click();
    await list.getByText("All read").waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Notifications", exact: true }).waitFor();
    expect(await page.getByTestId("notification-badge").count()).toBe(0);

    // The dashboard now has the deposit: figures and a chart drawn in the browser.
    await page.goto("/account/dashboard");
    const usdPosition = page.getByRole("region", { name: "USD over 30 days" });
    await usdPosition.waitFor();
    await usdPosition.getByText("40.00 USD").first().waitFor();
    const chart = usdPosition.getByTestId("net-position-chart");
    await chart.locator(".recharts-line").first().waitFor();
    expect(await chart.locator(".recharts-line").count()).toBe(2);

    // The account history lists this browser's login with its device.
    await page.goto("/account/history");
    const login = page
      .getByTestId("history-entry")
      .filter({ hasText: "Logged in" })
      .filter({ hasText: /Chrom/ })
      .first();
    await login.waitFor();
    await page.getByRole("combobox", { name: "Show" }).selectOption("login");
    await page.waitForURL((url) => url.searchParams.get("kind") === "login");
    expect(await page.getByTestId("history-entry").count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('[data-testid="history-entry"]:not([data-kind="login"])').count()).toBe(0);

    expect(errors).toEqual([]);
  });
});
