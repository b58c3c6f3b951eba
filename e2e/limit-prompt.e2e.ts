import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// The deposit-limit prompt after sign-up under the UK profile (ADR 025). The e2e server runs without a
// jurisdiction, so this file runs only against one started with JURISDICTION=gb:
//   JURISDICTION=gb npm run test:e2e -- limit-prompt

const { open } = useBrowserSession();

/** Whether the server requires the prompt: asked as a throwaway player of this file. */
async function promptRequired(): Promise<boolean> {
  try {
    const currencies = (await (await fetch(`${baseUrl()}/api/v1/dictionary/currencies`)).json()) as {
      payload: { guid: string; code: string }[];
    };
    const usd = currencies.payload.find((c) => c.code === "USD")!;
    const signup = (await (
      await fetch(`${baseUrl()}/api/v1/signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: `probe-${randomBytes(5).toString("hex")}@example.com`,
          password: "velvet-roulette-42",
          currency_guid: usd.guid,
        }),
      })
    ).json()) as { payload: { access_token: string } };
    const state = (await (
      await fetch(`${baseUrl()}/api/v1/responsible-gaming/limit-prompt`, {
        headers: { authorization: `Bearer ${signup.payload.access_token}` },
      })
    ).json()) as { payload: { required: boolean } };
    return state.payload.required === true;
  } catch {
    return false;
  }
}

const required = await promptRequired();

async function register(page: Page): Promise<string> {
  const email = `prompt-${randomBytes(5).toString("hex")}@example.com`;
  await page.goto("/?modal=register");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Create your account" });
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByLabel("Password").fill("velvet-roulette-42");
  await dialog.getByRole("button", { name: "Create account" }).click();
  await page.getByTestId("header-player").filter({ hasText: email }).waitFor();
  return email;
}

/** A new page load asks the server again; its answer says the prompt is not due, and no dialog shows. */
async function expectPromptGoneAfterReload(page: Page) {
  const answer = page.waitForResponse(
    (r) => r.url().endsWith("/api/v1/responsible-gaming/limit-prompt") && r.request().method() === "GET",
  );
  await page.reload();
  const state = (await (await answer).json()) as { payload: { show: boolean; answer: string | null } };
  expect(state.payload.show).toBe(false);
  await waitForHydration(page);
  await expect(page.getByRole("dialog", { name: "Set a deposit limit?" }).count()).resolves.toBe(0);
}

describe.skipIf(!required)("deposit-limit prompt after sign-up (gb)", () => {
  it("asks right after sign-up, cannot be escaped, and stays away once a limit is set", async () => {
    const { page } = await open();
    await register(page);
    const prompt = page.getByRole("dialog", { name: "Set a deposit limit?" });
    await prompt.waitFor();
    await page.keyboard.press("Escape");
    await expect(prompt.isVisible()).resolves.toBe(true);
    await prompt.getByLabel(/^Amount/).fill("100");
    await prompt.getByLabel("Period").selectOption("week");
    await prompt.getByRole("button", { name: "Set my deposit limit" }).click();
    await prompt.waitFor({ state: "detached" });
    await expectPromptGoneAfterReload(page);
  });

  it("records the explicit choice of no limit", async () => {
    const { page } = await open();
    await register(page);
    const prompt = page.getByRole("dialog", { name: "Set a deposit limit?" });
    await prompt.getByRole("button", { name: "No limit for now" }).click();
    await prompt.waitFor({ state: "detached" });
    await expectPromptGoneAfterReload(page);
  });
});
