import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Issue #18 "Done means": a promo code redeemed from the bonus hub grants its bonus, visible in My
// bonuses. The demo seed's FREE10 (10 in bonus money at once, every player once) is redeemed on
// /bonus-hub/promo; a wrong code first shows the server's refusal under the field.

const session = useBrowserSession();

// Own client address: no other test's refused codes or welcome claims can touch this player (ADR 031, 034).
const PLAYER_IP = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), "x-forwarded-for": PLAYER_IP },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { payload: unknown };
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return json.payload as T;
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

describe("promo codes", () => {
  it("a code redeemed in the bonus hub grants its bonus, shown in My bonuses", async () => {
    const email = `promo-${randomBytes(6).toString("hex")}@example.com`;
    const password = "promo-code-pass-1";
    const currencies = await api<{ guid: string; code: string }[]>("/dictionary/currencies");
    const usd = currencies.find((c) => c.code === "USD")!.guid;
    await api("/signup", { email, password, currency_guid: usd });

    const { page, errors } = await session.open({ extraHTTPHeaders: { "x-forwarded-for": PLAYER_IP } });
    await logIn(page, email, password);
    await page.goto("/bonus-hub/promo");
    await waitForHydration(page);

    const field = page.getByLabel("Promo code", { exact: true });
    await field.fill("NOT-A-REAL-CODE");
    await page.getByRole("button", { name: "Redeem" }).click();
    await page.getByRole("alert").filter({ hasText: "This promo code does not exist. Check it and try again." }).waitFor();
    await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");

    await field.fill("free10");
    await page.getByRole("button", { name: "Redeem" }).click();
    await page.getByText("Promo code accepted: you received FREE10 bonus.").first().waitFor();
    // The player's codes list shows it.
    await page.getByRole("region", { name: "Your promo codes" }).getByText("FREE10", { exact: true }).waitFor();

    await page.goto("/bonus-hub/my-bonuses");
    await waitForHydration(page);
    const active = page.getByTestId("active-bonus");
    await active.waitFor({ timeout: 15_000 });
    await active.getByText("FREE10 bonus").first().waitFor();
    await expect(active.getByTestId("bonus-balance").innerText()).resolves.toMatch(/10\.00 USD/);
    // The refused code's 404 is logged by the browser itself; nothing else may be.
    expect(errors.filter((e) => !e.includes("404 (Not Found) (http://127.0.0.1") || !e.includes("/api/v1/promocodes/activate"))).toEqual([]);
  });
});
