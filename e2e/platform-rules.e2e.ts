import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInStaff } from "./support/backoffice.ts";
import { waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Issue #19, "Tracking and rules", in the browser: a fid on the landing address reaches the back
// office player page through sign-up; an operator's maintenance rule and country rule (made in the
// console) send visitors to their pages. scripts/e2e.mjs starts the server with TRUST_PROXY=loopback and
// GEOIP_DB_PATH=e2e/fixtures/geoip-test-country.mmdb (written by
// apps/server/test/platform-rules/write-test-mmdb.ts; it puts 203.0.113.0/24 in FR) so that it places visitors.

const session = useBrowserSession();
const { open } = session;

const unique = () => randomBytes(4).toString("hex");

async function addRule(staff: Page, rule: { kind: string; path: string; endsAt?: string; countries?: string }) {
  await staff.getByRole("link", { name: "Site rules" }).first().click();
  await staff.getByRole("heading", { name: "Site rules" }).waitFor();
  await staff.getByRole("button", { name: "Add a rule" }).click();
  const dialog = staff.getByRole("dialog", { name: "Add a site rule" });
  await dialog.getByLabel("Kind").selectOption(rule.kind);
  await dialog.getByLabel("Path").fill(rule.path);
  if (rule.endsAt) await dialog.getByLabel("Expected end (optional)").fill(rule.endsAt);
  if (rule.countries) await dialog.getByLabel("Countries").fill(rule.countries);
  await dialog.getByRole("button", { name: "Add rule" }).click();
  await dialog.waitFor({ state: "detached" });
  await staff.getByRole("cell", { name: rule.path, exact: true }).waitFor();
}

describe("tracking and rules", () => {
  it("keeps the fid of the landing address and shows it on the back office player page after sign-up", async () => {
    const fid = `e2e-${unique()}`;
    const email = `fid-${unique()}@example.com`;
    const { page } = await open();
    await page.goto(`/?fid=${fid}`);
    await waitForHydration(page);
    // Trackers read the same first-party cookie.
    expect((await page.context().cookies()).find((c) => c.name === "fid")?.value).toBe(fid);
    await page.goto("/?modal=register");
    await waitForHydration(page);
    const register = page.getByRole("dialog", { name: "Create your account" });
    await register.getByLabel("Email", { exact: true }).fill(email);
    await register.getByLabel("Password").fill("velvet-roulette-42");
    // The currencies arrive with the client query: the default is picked when they do.
    await expect.poll(() => register.getByLabel("Currency").inputValue(), { timeout: 15_000 }).not.toBe("");
    await register.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL((url) => !url.searchParams.has("modal"));

    const staff = await signInStaff(session, "support");
    await staff.getByRole("link", { name: "Players" }).first().click();
    await staff.getByRole("searchbox", { name: "Search players" }).fill(email);
    await staff.getByRole("button", { name: "Search" }).click();
    await staff
      .getByRole("table", { name: `Players matching “${email}”` })
      .getByRole("row")
      .filter({ hasText: email })
      .click();
    await staff.getByRole("heading", { name: email }).waitFor();
    const item = staff.getByText("Tracking id (fid)").locator("..");
    await expect(item.locator("dd").textContent()).resolves.toBe(fid);
  });

  it("sends a path under maintenance to the maintenance page with a countdown", async () => {
    const path = `/e2e-maintenance-${unique()}`;
    const staff = await signInStaff(session, "admin");
    await addRule(staff, { kind: "maintenance", path, endsAt: "2030-01-01T10:00" });

    const { page } = await open();
    await page.goto(`${path}/table?x=1`);
    await page.waitForURL((url) => url.pathname === "/maintenance");
    expect(new URL(page.url()).searchParams.get("from")).toBe(`${path}/table`);
    await page.getByRole("heading", { name: "We'll be right back" }).waitFor();
    await waitForHydration(page);
    await expect(page.getByRole("timer").textContent()).resolves.toMatch(/^\d+d \d{2}:\d{2}:\d{2}$/);
    // Other pages are untouched.
    await page.goto("/faq");
    expect(new URL(page.url()).pathname).toBe("/faq");
  });

  it("sends a visitor from a restricted country to the restricted-region page", async () => {
    const path = `/e2e-geo-${unique()}`;
    const staff = await signInStaff(session, "admin");
    await addRule(staff, { kind: "restrict", path, countries: "FR" });

    const fromFrance = await open({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.7" } });
    await fromFrance.page.goto(path);
    await fromFrance.page.waitForURL((url) => url.pathname === "/restricted-region");
    await fromFrance.page.getByRole("heading", { name: "Not available in your region" }).waitFor();

    const fromBritain = await open({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.7" } });
    const response = await fromBritain.page.goto(path);
    expect(new URL(fromBritain.page.url()).pathname).toBe(path);
    // The path itself is unknown to the app: the visitor gets its 404 page, not the restricted one.
    expect(response?.status()).toBe(404);
  });
});
