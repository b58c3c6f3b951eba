import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { auditAccessibility, formatViolations } from "./support/axe.ts";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Issue #18 "Pop-ups" end to end, in the promo-popups server profile (scripts/e2e.mjs: both delays 3 s
// instead of 5 minutes). The register promo appears after its delay, shows the bonus engine's welcome
// offer, its call to action opens the register dialog, and it does not come back the same day. A fresh
// player without a deposit gets the deposit promo, whose call to action opens the deposit dialog; after a
// deposit it stops for good (isFirstDeposit).

const session = useBrowserSession();

const DELAY_MS = 3_000;
const REGISTER_PROMO = "#flow_1";
const DEPOSIT_PROMO = "#FlowNotActivated";

// The one-welcome-bonus-per-person guard links accounts by address + user agent (ADR 031): this file's
// player comes from its own address, so another test's player never makes the welcome offer unavailable.
const PLAYER_IP = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

async function api<T>(path: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      "x-forwarded-for": PLAYER_IP,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as { payload: unknown };
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return json.payload as T;
}

/** The welcome offer a newcomer sees in the hub: the registration offer, else the first-deposit one. */
async function welcomeOfferName(): Promise<string> {
  const offers = await api<{ bonus_name: string; bonus_trigger: string; deposit_number: number | null }[]>("/bonus_hub?page=1&per_page=50");
  const offer = offers.find((o) => o.bonus_trigger === "registration") ?? offers.find((o) => o.bonus_trigger === "deposit" && o.deposit_number === 1);
  expect(offer, "the demo seed runs a welcome offer").toBeDefined();
  return offer!.bonus_name;
}

const cookieShown = async (page: Page) => (await page.context().cookies()).some((c) => c.name === "pre_signup_modal_shown");

describe("promo pop-ups", () => {
  it("register promo: after its delay with the welcome offer, once a day, and Sign up opens the register dialog", async () => {
    const offerName = await welcomeOfferName();
    const { page, errors } = await session.open({ extraHTTPHeaders: { "x-forwarded-for": PLAYER_IP }, bypassCSP: true });
    await page.goto("/slots");
    await waitForHydration(page);
    const started = Date.now();

    const promo = page.locator(REGISTER_PROMO);
    await promo.waitFor({ state: "visible", timeout: 15_000 });
    // Not before its delay (the timer starts at hydration, a little before `started`).
    expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY_MS - 1_000);
    await expect.poll(() => promo.getAttribute("role")).toBe("dialog");
    const dialog = page.getByRole("dialog", { name: "Join Croupier" });
    await dialog.getByTestId("promo-offer").filter({ hasText: offerName }).waitFor();
    expect(await cookieShown(page)).toBe(true);
    // The accessibility gate's rules (ADR 029) on the open pop-up (the page's CSP is bypassed for axe only).
    const violations = await auditAccessibility(page, { include: REGISTER_PROMO });
    expect(violations, formatViolations("register promo", violations)).toEqual([]);

    // Escape closes it like every dialog of the app.
    await page.keyboard.press("Escape");
    await promo.waitFor({ state: "detached" });

    // A reload the same day: no pop-up, however long the visitor stays.
    await page.goto("/slots?page=1");
    await waitForHydration(page);
    await page.waitForTimeout(DELAY_MS + 1_500);
    expect(await promo.count()).toBe(0);

    // Without the cookie (the next day) it is back; its call to action opens the register dialog.
    await page.context().clearCookies({ name: "pre_signup_modal_shown" });
    await page.goto("/slots?page=1");
    await waitForHydration(page);
    await promo.waitFor({ state: "visible", timeout: 15_000 });
    await promo.getByRole("link", { name: "Sign up" }).click();
    await page.waitForURL((url) => url.searchParams.get("modal") === "register" && url.searchParams.get("page") === "1");
    await page.getByRole("dialog", { name: "Create your account" }).waitFor();
    expect(await promo.count()).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);

  it("deposit promo: a fresh player sees it, Deposit now opens the deposit dialog, and a deposit stops it for good", async () => {
    const email = `promo-${randomBytes(6).toString("hex")}@example.com`;
    const password = "promo-popups-pass-1";
    const currencies = await api<{ guid: string; code: string }[]>("/dictionary/currencies");
    const usd = currencies.find((c) => c.code === "USD")!.guid;
    const signed = await api<{ access_token: string }>("/signup", { body: { email, password, currency_guid: usd } });

    const { page, errors } = await session.open({ extraHTTPHeaders: { "x-forwarded-for": PLAYER_IP }, bypassCSP: true });
    await page.goto("/?modal=login");
    await waitForHydration(page);
    const login = page.getByRole("dialog", { name: "Log in" });
    await login.getByLabel("Email", { exact: true }).fill(email);
    await login.getByLabel("Password").fill(password);
    await login.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByTestId("header-player").waitFor();

    // On at login: the first round ends DELAY_MS later.
    const promo = page.locator(DEPOSIT_PROMO);
    await promo.waitFor({ state: "visible", timeout: 15_000 });
    await page.getByRole("dialog", { name: "Your welcome bonus is waiting" }).getByTestId("promo-offer").waitFor();
    const violations = await auditAccessibility(page, { include: DEPOSIT_PROMO });
    expect(violations, formatViolations("deposit promo", violations)).toEqual([]);
    await promo.getByRole("link", { name: "Deposit now" }).click();
    await page.waitForURL((url) => url.searchParams.get("modal") === "deposit");
    await page.getByRole("dialog", { name: "Deposit" }).waitFor();
    // Not with modal=deposit open: a few rounds pass without it.
    await page.waitForTimeout(DELAY_MS + 1_500);
    expect(await promo.count()).toBe(0);

    // The player deposits: the next round finds it, keeps isFirstDeposit and the promo never shows again.
    await api("/billing/deposit/test", { token: signed.access_token, body: { amount: "20", currency_guid: usd } });
    await page.goto("/slots");
    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("isFirstDeposit")), { timeout: 15_000 }).toBe("true");
    await page.waitForTimeout(DELAY_MS + 1_500);
    expect(await promo.count()).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);
});
