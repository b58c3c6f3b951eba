import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInStaff } from "./support/backoffice.ts";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Issue #15 capability 1 in two browsers: a support staff member finds a signed-in player in the
// console and locks them; the player's own tab logs out at once (customer_status_changed over the
// socket), their next login shows the reason, and an unlock lets them in again.

const session = useBrowserSession();
const { open } = session;

const PASSWORD = "locked-out-pass-1";
const header = (page: Page) => page.getByRole("banner");

/** A new player, signed up outside the browser (so the page starts logged out), then logged in through the dialog. */
async function newPlayer(): Promise<string> {
  const email = `locked-${randomBytes(6).toString("hex")}@example.com`;
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

async function tryLogIn(page: Page, email: string) {
  await page.goto("/?modal=login");
  await waitForHydration(page);
  const login = page.getByRole("dialog", { name: "Log in" });
  await login.getByLabel("Email", { exact: true }).fill(email);
  await login.getByLabel("Password").fill(PASSWORD);
  await login.getByRole("button", { name: "Log in", exact: true }).click();
  return login;
}

describe("back office: players", () => {
  it("support finds a signed-in player and locks them: the player's tab logs out, login shows why; unlock lets them back", async () => {
    const email = await newPlayer();
    const player = await open();
    await tryLogIn(player.page, email);
    await player.page.getByTestId("header-player").waitFor();

    const staff = await signInStaff(session, "support");
    await staff.getByRole("link", { name: "Players" }).first().click();
    await staff.getByRole("searchbox", { name: "Search players" }).fill(email);
    await staff.getByRole("button", { name: "Search" }).click();
    const results = staff.getByRole("table", { name: `Players matching “${email}”` });
    // A player without a name shows the email in both the name and the email column: click the row.
    await results.getByRole("row").filter({ hasText: email }).click();
    await staff.getByRole("heading", { name: email }).waitFor();

    const reason = "payment under review";
    await staff.getByRole("button", { name: "Lock", exact: true }).click();
    const lock = staff.getByRole("dialog", { name: "Lock this player" });
    await lock.getByLabel("Reason (shown to the player)").fill(reason);
    await lock.getByRole("button", { name: "Lock player" }).click();
    // Signing up opened a session too: the toast counts every session the lock ended.
    await staff.getByText(/Player locked; [0-9]+ sessions? ended\./).waitFor();
    await staff.getByRole("button", { name: "Unlock" }).waitFor();

    // The player's open tab hears customer_status_changed and logs out by itself.
    await header(player.page).getByRole("link", { name: "Log in" }).waitFor({ timeout: 15_000 });
    expect(await player.page.getByTestId("header-player").count()).toBe(0);
    const refused = await tryLogIn(player.page, email);
    await refused.getByText(`Your account is locked: ${reason}. Please contact support.`).waitFor();

    await staff.getByRole("button", { name: "Unlock" }).click();
    await staff.getByRole("dialog", { name: "Unlock this player?" }).getByRole("button", { name: "Unlock" }).click();
    await staff.getByText("Player unlocked.").waitFor();
    await staff.getByRole("button", { name: "Lock", exact: true }).waitFor();

    await tryLogIn(player.page, email);
    await player.page.getByTestId("header-player").waitFor();
    expect(player.errors.filter((e) => !/401|403/.test(e))).toEqual([]);
  });
});
