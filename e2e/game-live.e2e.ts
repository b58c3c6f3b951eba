import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, waitForHydration } from "./support/browser.ts";

// A live table with two players seated from two browser contexts (two people, two sessions),
// against the real server and the house provider's live clock. scripts/e2e.mjs starts the server
// with HOUSE_LIVE_TIMINGS=6,2,3: a 6 s betting window, 2 s drawing, 3 s result.

let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  errors.length = 0;
});

afterAll(async () => {
  await browser?.close();
});

async function playerPage(email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(`${email} pageerror: ${error.message}`));
  await page.goto("/?modal=login");
  await waitForHydration(page);
  const login = page.getByRole("dialog", { name: "Log in" });
  await login.getByLabel("Email", { exact: true }).fill(email);
  await login.getByLabel("Password").fill(password);
  await login.getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByTestId("header-player").waitFor();
  return page;
}

const frameOf = (page: Page) => page.frameLocator('[data-testid="game-frame"]');
const dealerState = (page: Page) => frameOf(page).getByTestId("dealer-state");
const headerTotal = (page: Page) => page.getByRole("banner").getByTestId("header-wallet-total");
const TABLE = "/game/grand-salon-live/speed-blackjack";

describe("live table: one shared round for two seated players", () => {
  it("both see two seats taken, one bets in the betting window, both see the same result broadcast", { timeout: 90_000 }, async () => {
    const first = await playerPage("demo@example.com", "demo-password-1");
    const second = await playerPage("demo2@example.com", "demo-password-2");

    // The first player comes from the lobby's Live section, the second straight to the game page.
    await first.goto("/live/grand-salon-live");
    await waitForHydration(first);
    await first.getByRole("list", { name: "Grand Salon Live", exact: true }).getByRole("link", { name: /Speed Blackjack/ }).click();
    await first.waitForURL(`${baseUrl()}${TABLE}`);
    await second.goto(TABLE);
    await waitForHydration(second);

    for (const page of [first, second]) {
      const src = new URL((await page.locator('[data-testid="game-frame"]').getAttribute("src"))!);
      expect(src.searchParams.get("mode")).toBe("real");
      // Each player's table view counts both seats.
      await expect.poll(async () => dealerState(page).textContent(), { timeout: 15_000 }).toMatch(/seats 2\/7/);
    }

    // Wait for a betting window with time left to click in, then bet from the first seat.
    const bet = frameOf(first).getByTestId("place-bets");
    await expect
      .poll(
        async () => {
          const phase = await dealerState(first).getAttribute("data-phase");
          const left = Number(/· (\d+) s/.exec((await dealerState(first).textContent()) ?? "")?.[1] ?? 0);
          return phase === "betting" && left >= 3 && (await bet.isEnabled());
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    const round = /Round (\d+)/.exec((await dealerState(first).textContent())!)![1]!;
    const before = (await headerTotal(first).textContent())!.trim();
    await bet.click();
    await frameOf(first).getByRole("status").filter({ hasText: "Your bets this round" }).waitFor();
    // The wallet debit reaches the platform's header; the other player sees the table's bet count.
    await expect.poll(async () => (await headerTotal(first).textContent())?.trim(), { timeout: 10_000 }).not.toBe(before);
    await expect.poll(async () => frameOf(second).getByText(/Bets this round: 1\b/).count(), { timeout: 10_000 }).toBe(1);

    // The result of that round is broadcast to both seats: the same cards on both screens.
    const results: string[] = [];
    for (const page of [first, second]) {
      await expect
        .poll(async () => `${await dealerState(page).getAttribute("data-phase")} ${await frameOf(page).getByTestId("live-result").getAttribute("data-round")}`, {
          timeout: 20_000,
          interval: 200,
        })
        .toBe(`result ${round}`);
      const shown = (await frameOf(page).getByTestId("live-result").textContent())!;
      expect(shown).toMatch(/Dealer/);
      expect(shown).toMatch(/Table hand/);
      results.push(shown);
    }
    expect(results[1]).toBe(results[0]);
    expect(errors).toEqual([]);
  });
});
