import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// The deposit-limit prompt after sign-up under the UK profile (ADR 025). A *.gb.e2e.ts file: scripts/e2e.mjs
// runs it against a server of its own started with JURISDICTION=gb.

const { open } = useBrowserSession();


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

describe("deposit-limit prompt after sign-up (gb)", () => {
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
