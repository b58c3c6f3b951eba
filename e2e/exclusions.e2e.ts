import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Self-exclusion end to end (issue #16): a new player self-excludes on /account/safety behind a
// dialog that says it cannot be undone, is logged out at once (this tab and another device), and
// the login dialog then refuses them with the end date.

const { open } = useBrowserSession();
const PASSWORD = "exclusion-e2e-pass-1";

const header = (page: Page) => page.getByRole("banner", { includeHidden: true });

async function signUp(): Promise<string> {
  const email = `excl-${randomBytes(6).toString("hex")}@example.com`;
  const currencies = await fetch(`${baseUrl()}/api/v1/dictionary/currencies`);
  const usd = ((await currencies.json()).payload as { guid: string; code: string }[]).find((c) => c.code === "USD");
  const created = await fetch(`${baseUrl()}/api/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, currency_guid: usd?.guid }),
  });
  expect(created.status).toBe(200);
  return email;
}

/** Fills the login dialog; the caller waits for what should follow. */
async function submitLogin(page: Page, email: string) {
  await page.goto("/?modal=login");
  await waitForHydration(page);
  const login = page.getByRole("dialog", { name: "Log in" });
  await login.getByLabel("Email", { exact: true }).fill(email);
  await login.getByLabel("Password").fill(PASSWORD);
  await login.getByRole("button", { name: "Log in", exact: true }).click();
  return login;
}

describe("self-exclusion", () => {
  it("logs the player out everywhere at once and refuses the next login with the end date", async () => {
    const email = await signUp();
    const { page, errors } = await open();
    const other = await open();
    await submitLogin(page, email);
    await header(page).getByTestId("header-player").waitFor();
    await submitLogin(other.page, email);
    await header(other.page).getByTestId("header-player").waitFor();

    await page.goto("/account/safety");
    await waitForHydration(page);
    await page.getByRole("radio", { name: /Self-exclude/ }).check();
    await page.getByRole("radio", { name: "6 months", exact: true }).click();
    await page.getByRole("button", { name: "Self-exclude", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Self-exclude for 6 months?" });
    await confirm.getByText("This cannot be undone or shortened.").waitFor();
    await confirm.getByLabel("Your password").fill(PASSWORD);
    await confirm.getByRole("button", { name: "Yes, start it now" }).click();

    // This tab: logged out and back on the home page; the other device: logged out by session_closed.
    await page.waitForURL((url) => url.pathname === "/");
    await header(page).getByRole("link", { name: "Log in" }).waitFor();
    await header(other.page).getByRole("link", { name: "Log in" }).waitFor();

    const login = await submitLogin(page, email);
    const refusal = login.getByText(/^You are self-excluded until \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC\./);
    await refusal.waitFor();
    const year = new Date().getUTCFullYear();
    expect(await refusal.innerText()).toMatch(new RegExp(`${year}|${year + 1}`));
    await expect(header(page).getByTestId("header-player").count()).resolves.toBe(0);
    // The refused login is a 403 the browser reports; nothing else may have failed.
    expect(errors.filter((line) => !line.includes("status of 403") && !line.includes("status of 401"))).toEqual([]);
  });
});
