import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, waitForHydration } from "./support/browser.ts";

// The published interruption rule (issue #13 item 1, ADR 009) as a player reads it: in the house game's
// info panel, inside the game frame.

let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("house game rules", () => {
  it("the blackjack info panel says an interrupted hand stands and the dealer completes it; only an undealt bet is refunded", async () => {
    context = await browser.newContext({ baseURL: baseUrl() });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto("/game/velvet-table/classic-blackjack");
    await waitForHydration(page);
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await frame.getByRole("button", { name: "Game info, rules and paytable" }).click();
    const rule = frame.getByText(/If a hand is interrupted/);
    await rule.waitFor();
    const text = (await rule.textContent()) ?? "";
    expect(text).toMatch(/waits for you for \d+ (hours|minutes)/);
    expect(text).toContain("your hand stands as it is");
    expect(text).toContain("the dealer completes the hand");
    expect(text).toContain("Only a bet that was never dealt is refunded.");
  });
});
