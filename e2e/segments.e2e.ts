import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInStaff } from "./support/backoffice.ts";
import { waitForHydration } from "./support/browser.ts";
import { createPlayerApi, randomPlayerIp } from "./support/player-api.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Issue #18 (segments), Done means: a staff-assigned segment reaches the player's open tab and changes
// the payment methods shown. The player's deposit dialog is open in one page; marketing puts the player
// in the demo "VIP" segment (linked to the VIP payment segment, which adds "VIP bank card") from the
// console's segment page in another; customer_segment_added reaches the player's socket, and after the
// 1 s debounce the dialog's methods change without a reload.

const session = useBrowserSession();
// Its own address: no other test's player is tied to this one by the one-welcome-bonus-per-person rule.
const PLAYER_IP = randomPlayerIp();
const api = createPlayerApi(PLAYER_IP);

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/?modal=login");
  await waitForHydration(page);
  const login = page.getByRole("dialog", { name: "Log in" });
  await login.getByLabel("Email", { exact: true }).fill(email);
  await login.getByLabel("Password").fill(password);
  await login.getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByTestId("header-player").waitFor();
}

const methodNames = async (page: Page) =>
  page
    .getByRole("dialog", { name: "Deposit" })
    .getByRole("radiogroup", { name: "Payment method" })
    .getByRole("radio")
    .allInnerTexts();

describe("segments", () => {
  it("a segment staff assign reaches the player's open deposit dialog and changes its payment methods", async () => {
    const email = `segment-${randomBytes(6).toString("hex")}@example.com`;
    const password = "segment-pass-1";
    const currencies = await api<{ guid: string; code: string }[]>("/dictionary/currencies");
    const usd = currencies.find((c) => c.code === "USD")!.guid;
    const signed = await api<{ access_token: string; profile: { id: string } }>("/signup", {
      body: { email, password, currency_guid: usd },
    });

    const { page, errors } = await session.open({ extraHTTPHeaders: { "x-forwarded-for": PLAYER_IP } });
    await logIn(page, email, password);
    await page.goto("/?modal=deposit");
    await waitForHydration(page);
    const methods = page.getByRole("dialog", { name: "Deposit" }).getByRole("radiogroup", { name: "Payment method" });
    await methods
      .getByRole("radio", { name: /Bank card/ })
      .first()
      .waitFor();
    expect((await methodNames(page)).some((name) => name.includes("VIP bank card"))).toBe(false);

    // Marketing opens the VIP segment in the console and adds the player by id.
    const console = await signInStaff(session, "marketing");
    await console.getByRole("link", { name: "Segments", exact: true }).click();
    await console.getByRole("link", { name: "VIP", exact: true }).click();
    await console.getByLabel("Player id").fill(signed.profile.id);
    await console.getByRole("button", { name: "Add player" }).click();
    await console.getByRole("table", { name: "Members" }).getByRole("cell", { name: email, exact: true }).waitFor();

    // The player's tab, never reloaded: the new method appears first, in the same dialog.
    await methods.getByRole("radio", { name: /VIP bank card/ }).waitFor({ timeout: 15_000 });
    expect((await methodNames(page))[0]).toContain("VIP bank card");
    const profile = await api<{ segments: { name: string }[]; billing_segments: string[] }>("/profile", {
      token: signed.access_token,
    });
    expect(profile.segments.map((s) => s.name)).toContain("VIP");
    expect(profile.billing_segments).toContain("vip");
    expect(errors).toEqual([]);
  }, 90_000);
});
