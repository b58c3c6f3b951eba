import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInStaff } from "./support/backoffice.ts";
import { auditAccessibility, formatViolations } from "./support/axe.ts";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// The accessibility gate (issue #19, ADR 029): axe-core with the WCAG 2.1 A and AA rules over every player
// page and dialog, logged out and logged in, and over the back-office console. Each test visits its whole
// list and then fails with every violation it found (rule, impact, selectors), so one run shows all of them.
// Adding a page: one line in the lists below.

const session = useBrowserSession();
// The pages' CSP allows no inline script: the browser lets axe's injected source in for these contexts only.
const openAudited = () => session.open({ bypassCSP: true });

// Info pages of apps/web/app/routes.ts (INFO_PAGES).
const INFO_PAGES = [
  "/support",
  "/about-us",
  "/payments",
  "/affiliates",
  "/collections",
  "/kyc-procedure",
  "/privacy-policy",
  "/responsible-gaming",
];

const PUBLIC_PAGES = [
  "/",
  "/live",
  "/slots",
  "/promo",
  "/faq",
  "/terms-conditions",
  ...INFO_PAGES,
  "/bonus-hub",
  "/bonus-hub/promo",
  "/bonus-hub/rakeback",
  "/bonus-hub/coin",
  "/game/sandstone-studio/pharaoh-gold",
  "/game/grand-salon-live/salon-roulette",
  "/no-such-page",
];

// Dialogs opened by ?modal= (apps/web/app/modals/modal-registry.ts), for a visitor.
const GUEST_DIALOGS = ["login", "register", "forgotPassword", "otp", "search"];

const ACCOUNT_PAGES = [
  "/account",
  "/account/dashboard",
  "/account/limit",
  "/account/history",
  "/account/notification",
  "/account/safety",
  "/account/bonuses",
  "/account/game_history",
  "/account/user-info/general",
  "/account/user-info/security",
  "/account/user-info/verification",
  "/account/wallets/balance",
  "/account/wallets/deposit",
  "/account/wallets/withdraw",
  "/account/wallets/history",
  "/account/no-such-page",
];

const PLAYER_DIALOGS = ["deposit", "search"];

// Console pages (apps/backoffice/app/routes.tsx) an admin can open; the player page is visited per tab.
const CONSOLE_PAGES = [
  "",
  "players",
  "reports",
  "catalog",
  "chat",
  "withdrawals",
  "adjustments",
  "account",
  "staff",
  "audit-log",
  "documents",
  "site-rules",
  "segments",
  "no-such-page",
];

// A generous budget: each test visits a dozen or more pages.
const LIST_TIMEOUT_MS = 240_000;

/**
 * Waits until what the page loads has arrived and its animations ended, so axe sees the page a player
 * reads (a fading dialog or a skeleton would report the contrast of a frame no one looks at). A page that
 * keeps something pulsing is audited as it is.
 */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"], .animate-pulse') &&
        document
          .getAnimations()
          .every(
            (animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity,
          ),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

type Report = string[];

async function auditPlayerPage(page: Page, path: string, report: Report) {
  await page.goto(path);
  await waitForHydration(page);
  await settle(page);
  const violations = await auditAccessibility(page);
  if (violations.length > 0) report.push(formatViolations(path, violations));
}

async function auditDialog(page: Page, name: string, report: Report) {
  const path = `/?modal=${name}`;
  await page.goto(path);
  await waitForHydration(page);
  await page.getByRole("dialog").first().waitFor();
  await settle(page);
  // The whole document: the dialog and what it leaves of the page around it (hidden from assistive tech).
  const violations = await auditAccessibility(page);
  if (violations.length > 0) report.push(formatViolations(`${path} (dialog)`, violations));
}

/** Internal links under `prefix` on the page at `index`: a detail page to audit, whatever the demo data calls it. */
async function firstLinkUnder(page: Page, index: string, prefix: string): Promise<string | undefined> {
  await page.goto(index);
  await waitForHydration(page);
  const hrefs = await page
    .locator(`main a[href^="${prefix}"]`)
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return hrefs.find((href) => href.length > prefix.length);
}

async function signUp(): Promise<{ email: string; password: string }> {
  const email = `a11y-${randomBytes(6).toString("hex")}@example.com`;
  const password = "a11y-pass-1-long";
  const currencies = (await (await fetch(`${baseUrl()}/api/v1/dictionary/currencies`)).json()) as {
    payload: { guid: string; code: string }[];
  };
  const usd = currencies.payload.find((currency) => currency.code === "USD");
  if (!usd) throw new Error("the demo data has no USD");
  const res = await fetch(`${baseUrl()}/api/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, currency_guid: usd.guid }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { email, password };
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

describe("accessibility (axe-core, WCAG 2.1 AA)", () => {
  it(
    "player pages, logged out",
    async () => {
      const { page } = await openAudited();
      const report: Report = [];
      const details = [
        await firstLinkUnder(page, "/faq", "/faq/"),
        await firstLinkUnder(page, "/terms-conditions", "/terms-conditions/"),
      ];
      for (const path of [...PUBLIC_PAGES, ...details.filter((href): href is string => href !== undefined)])
        await auditPlayerPage(page, path, report);
      expect(report.join("\n\n")).toBe("");
    },
    LIST_TIMEOUT_MS,
  );

  it(
    "player dialogs, logged out",
    async () => {
      const { page } = await openAudited();
      const report: Report = [];
      for (const name of GUEST_DIALOGS) await auditDialog(page, name, report);
      expect(report.join("\n\n")).toBe("");
    },
    LIST_TIMEOUT_MS,
  );

  it(
    "player pages and dialogs, logged in",
    async () => {
      const { page } = await openAudited();
      const { email, password } = await signUp();
      await logIn(page, email, password);
      const report: Report = [];
      for (const path of [
        "/",
        "/live",
        "/slots",
        "/promo",
        "/bonus-hub",
        "/bonus-hub/my-bonuses",
        "/game/sandstone-studio/pharaoh-gold",
        ...ACCOUNT_PAGES,
      ])
        await auditPlayerPage(page, path, report);
      for (const name of PLAYER_DIALOGS) await auditDialog(page, name, report);
      expect(report.join("\n\n")).toBe("");
    },
    LIST_TIMEOUT_MS,
  );

  it(
    "back-office console: sign-in, every page for an admin, every player tab",
    async () => {
      const report: Report = [];
      const visitor = (await openAudited()).page;
      await visitor.goto("/backoffice/sign-in");
      await visitor.getByLabel("Email").waitFor();
      await settle(visitor);
      const signIn = await auditAccessibility(visitor);
      if (signIn.length > 0) report.push(formatViolations("/backoffice/sign-in", signIn));

      const { email } = await signUp();
      const staff = await signInStaff({ open: openAudited }, "admin");
      for (const path of CONSOLE_PAGES) {
        await staff.goto(`/backoffice/${path}`);
        await staff.getByRole("button", { name: "Sign out" }).waitFor();
        await settle(staff);
        const violations = await auditAccessibility(staff);
        if (violations.length > 0) report.push(formatViolations(`/backoffice/${path}`, violations));
      }

      // The player page, reached as staff do: search, then the row.
      await staff.goto("/backoffice/players");
      await staff.getByRole("searchbox", { name: "Search players" }).fill(email);
      await staff.getByRole("button", { name: "Search" }).click();
      await staff
        .getByRole("table", { name: `Players matching “${email}”` })
        .getByRole("row")
        .filter({ hasText: email })
        .click();
      await staff.getByRole("heading", { name: email }).waitFor();
      const tabs = staff.getByRole("tablist", { name: "Player sections" }).getByRole("tab");
      const labels = await tabs.allInnerTexts();
      expect(labels.length).toBeGreaterThan(0);
      for (const label of labels) {
        await tabs.filter({ hasText: label }).click();
        await settle(staff);
        const violations = await auditAccessibility(staff);
        if (violations.length > 0)
          report.push(formatViolations(`/backoffice/players/… tab ${label.trim()}`, violations));
      }
      expect(report.join("\n\n")).toBe("");
    },
    LIST_TIMEOUT_MS,
  );
});
