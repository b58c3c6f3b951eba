import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Issue #16's limits (ADR 021) in Chromium: a player sets a daily deposit limit on the limits page,
// a deposit above it is refused with the server's message naming the room left, and raising the
// limit shows it pending with a countdown to the end of the 24-hour cooling-off.

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

async function saveLimit(page: Page, options: { period?: string; amount: string }) {
  const form = page.getByRole("region", { name: "Set a limit" });
  await form.getByLabel("Limit", { exact: true }).selectOption("deposit");
  if (options.period) await form.getByLabel("Period").selectOption(options.period);
  await form.getByLabel("Amount (USD)").fill(options.amount);
  await form.getByRole("button", { name: "Save limit" }).click();
}

describe("responsible-gaming limits", () => {
  it("sets a daily deposit limit, is refused a deposit above it with the room left, and sees a raise pending with a countdown", async () => {
    const { page, errors } = await session.open();
    const email = `limits-${randomBytes(6).toString("hex")}@example.com`;
    const password = "limits-e2e-pass-1";
    const currencies: { guid: string; code: string }[] = await api("/dictionary/currencies");
    const usd = currencies.find((c) => c.code === "USD")!.guid;
    await api("/signup", { body: { email, password, currency_guid: usd } });
    await logIn(page, email, password);

    await page.goto("/account/limit");
    await waitForHydration(page);
    await page.getByText("No deposit limit set.").waitFor().catch(async (error: unknown) => {
      console.log("DEBUG", page.url(), errors, (await page.locator("main").innerText()).slice(0, 2000));
      throw error;
    });
    // The form checks the amount before sending it.
    await saveLimit(page, { amount: "50.555" });
    await page.getByRole("region", { name: "Set a limit" }).getByRole("alert").getByText(/at most 2 decimal places/).waitFor();
    await saveLimit(page, { amount: "50" });
    await page.getByText("Your limit of 50.00 USD applies now.").waitFor();
    const card = page.getByRole("article", { name: "Daily deposit limit · USD" });
    await card.getByText("50.00 USD", { exact: true }).waitFor();
    await card.getByRole("progressbar").waitFor();

    // A deposit above the limit: refused by the server, with the message naming what is left.
    await page.goto("/?modal=deposit");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Deposit" });
    await dialog.getByRole("group", { name: "Quick amounts" }).getByRole("button").first().waitFor();
    await dialog.getByRole("textbox", { name: "Amount" }).fill("60");
    await dialog.getByRole("button", { name: "Continue to payment" }).click();
    const refusal = dialog.getByRole("alert").filter({ hasText: "deposit limit" });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain("daily deposit limit of 50.00 USD");
    expect(await refusal.innerText()).toContain("at most 50.00 USD more");
    expect(new URL(page.url()).pathname).toBe("/");

    // Raising it: pending, with a countdown, and the 50.00 limit still in force.
    await page.goto("/account/limit");
    await waitForHydration(page);
    await saveLimit(page, { amount: "100" });
    await page.getByText(/Your increase to 100\.00 USD is pending/).waitFor();
    const raised = page.getByRole("article", { name: "Daily deposit limit · USD" });
    await raised.getByText("Increase to 100.00 USD pending").waitFor();
    const timer = raised.getByRole("timer");
    expect(await timer.innerText()).toMatch(/^2[34]:\d\d:\d\d$/);
    await page.waitForFunction(
      (first) => document.querySelector('[role="timer"]')?.textContent !== first,
      await timer.innerText(),
    );
    expect(await raised.getByRole("button", { name: "Confirm" }).isDisabled()).toBe(true);
    await raised.getByText("50.00 USD", { exact: true }).waitFor();
    // The refused deposit is a 403 the browser logs; nothing else may fail.
    expect(errors.filter((line) => !line.includes("status of 403"))).toEqual([]);
  });
});
