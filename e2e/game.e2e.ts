import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, waitForHydration } from "./support/browser.ts";

// The game page against the real server and the house provider: launch from the lobby,
// play inside the provider's frame, the header wallet following the provider's wallet
// calls live, the round history and the provider's verify page.

let browser: Browser;
let context: BrowserContext | undefined;
let errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
  errors = [];
});

afterAll(async () => {
  await browser?.close();
});

async function newContext() {
  context = await browser.newContext({ baseURL: baseUrl() });
  context.setDefaultTimeout(15_000);
  return context;
}

async function newPage(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return page;
}

const header = (page: Page) => page.getByRole("banner");
const headerTotal = (page: Page) => header(page).getByTestId("header-wallet-total");
const gameFrame = (page: Page) => page.frameLocator('[data-testid="game-frame"]');

async function logInAsDemo(page: Page) {
  await page.goto("/?modal=login");
  await waitForHydration(page);
  const login = page.getByRole("dialog", { name: "Log in" });
  await login.getByLabel("Email", { exact: true }).fill("demo@example.com");
  await login.getByLabel("Password").fill("demo-password-1");
  await login.getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByTestId("header-player").waitFor();
}

/** Spins until the header total differs from `before` (a win can exactly repay a stake). */
async function spinUntilBalanceMoves(page: Page, before: string) {
  const spin = gameFrame(page).getByRole("button", { name: "Spin", exact: true });
  for (let attempt = 0; attempt < 4; attempt += 1) {
    await spin.click();
    const moved = await expect
      .poll(async () => (await headerTotal(page).textContent())?.trim(), { timeout: 8_000, interval: 100 })
      .not.toBe(before)
      .then(
        () => true,
        () => false,
      );
    if (moved) return;
  }
  throw new Error(`the header balance stayed at ${before} after four spins`);
}

describe("game page: real play with the house provider", () => {
  it("the demo player opens a slot from the lobby, spins, sees the header balance move live, closes the game and opens the round's verify page from the history", async () => {
    const page = await newPage(await newContext());
    await logInAsDemo(page);

    await page.goto("/slots/sandstone-studio");
    await waitForHydration(page);
    await page.getByRole("list", { name: "Sandstone Studio", exact: true }).getByRole("link", { name: /Pharaoh Gold/ }).click();
    await page.waitForURL(`${baseUrl()}/game/sandstone-studio/pharaoh-gold`);
    await page.getByRole("heading", { level: 1, name: "Pharaoh Gold" }).waitFor();
    await expect(page.getByRole("button", { name: "Real money" }).getAttribute("aria-pressed")).resolves.toBe("true");

    const frame = page.locator('[data-testid="game-frame"]');
    await frame.waitFor();
    const src = new URL((await frame.getAttribute("src"))!);
    expect(src.pathname).toMatch(/^\/house\/play\//);
    expect(src.searchParams.get("mode")).toBe("real");
    expect(src.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await frame.getAttribute("sandbox")).toContain("allow-scripts");

    await headerTotal(page).waitFor();
    const before = (await headerTotal(page).textContent())!.trim();
    await spinUntilBalanceMoves(page, before);

    // The game's own close button posts { type: "close" }: back to the page the game was opened from.
    await gameFrame(page).getByRole("button", { name: "Close game" }).click();
    await page.waitForURL(`${baseUrl()}/slots/sandstone-studio`);

    await page.goto("/account/game_history");
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Game history" }).waitFor();
    const round = page.getByTestId("history-round").filter({ hasText: "Pharaoh Gold" }).first();
    await round.waitFor();
    await expect(round.textContent()).resolves.toMatch(/USD/);

    // The verify link names the provider's round; the provider's public page opens with the game chosen.
    const [verify] = await Promise.all([page.waitForEvent("popup"), round.getByRole("link", { name: /Verify/ }).click()]);
    await verify.waitForLoadState();
    const verifyUrl = new URL(verify.url());
    expect(verifyUrl.pathname).toBe("/house/verify");
    expect(verifyUrl.searchParams.get("game_code")).toBe("house:slot-pharaoh-gold");
    expect(verifyUrl.searchParams.get("round_id")).toMatch(/^[\w-]{8,128}$/);
    await verify.getByRole("heading", { name: "Verify a round" }).waitFor();
    // Not rotated yet: the page says so, shows the committed hash and how to reveal the seed.
    const hidden = verify.getByTestId("verify-not-revealed");
    await hidden.waitFor();
    await expect(hidden.textContent()).resolves.toMatch(/Not revealed yet.*SHA-256 [0-9a-f]{64}.*Rotate seeds/s);
    await expect(verify.getByTestId("verify-result").count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  // The platform knows a round by its provider round id only (the wallet protocol carries no seeds):
  // the provider's public round lookup fills the seeds in, and recomputes once the seed is revealed.
  it("the verify link of a round played and then revealed (seed rotation) recomputes it and matches the recorded outcome", async () => {
    const page = await newPage(await newContext());
    await logInAsDemo(page);
    await page.goto("/game/sandstone-studio/pharaoh-gold");
    await waitForHydration(page);
    await headerTotal(page).waitFor();
    await spinUntilBalanceMoves(page, (await headerTotal(page).textContent())!.trim());
    await gameFrame(page).getByRole("button", { name: "Provably fair" }).click();
    await gameFrame(page).getByRole("button", { name: /Rotate seeds/ }).click();
    const revealed = (await gameFrame(page).getByTestId("revealed-seed").textContent())!.trim();
    expect(revealed).toMatch(/^[0-9a-f]{64}$/);

    await page.goto("/account/game_history");
    await waitForHydration(page);
    const round = page.getByTestId("history-round").filter({ hasText: "Pharaoh Gold" }).first();
    const [verify] = await Promise.all([page.waitForEvent("popup"), round.getByRole("link", { name: /Verify/ }).click()]);
    verify.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    const result = verify.getByTestId("verify-result");
    await result.waitFor();
    await expect(verify.getByRole("textbox", { name: /Server seed/ }).inputValue()).resolves.toBe(revealed);
    await expect(result.getByText(/Stops \d+(, \d+){4}/).count()).resolves.toBe(1);
    await expect(result.getByTestId("verify-match").textContent()).resolves.toMatch(/^✓ Matches the outcome recorded for round /);
    await expect(result.textContent()).resolves.toContain("✓ recomputed in your browser");
    expect(errors).toEqual([]);
  });
});

describe("game page: demo play and sessions across tabs", () => {
  it("a visitor plays a can_demo slot with play money: no login, no token", async () => {
    const page = await newPage(await newContext());
    await page.goto("/game/sandstone-studio/pharaoh-gold");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Demo" }).getAttribute("aria-pressed")).resolves.toBe("true");
    const frame = page.locator('[data-testid="game-frame"]');
    await frame.waitFor();
    const src = new URL((await frame.getAttribute("src"))!);
    expect(src.searchParams.get("mode")).toBe("demo");
    expect(src.searchParams.has("token")).toBe(false);
    expect(await header(page).getByTestId("header-wallet").count()).toBe(0);
  });

  it("a visitor on a game without demo mode gets the login dialog, not a frame", async () => {
    const page = await newPage(await newContext());
    await page.goto("/game/grand-salon-live/salon-roulette");
    await waitForHydration(page);
    await page.getByRole("dialog", { name: "Log in" }).waitFor();
    expect(new URL(page.url()).searchParams.get("modal")).toBe("login");
    expect(await page.locator('[data-testid="game-frame"]').count()).toBe(0);
  });

  it("a second tab names the game open in the first and closes its session on confirmation", async () => {
    const ctx = await newContext();
    const first = await newPage(ctx);
    await logInAsDemo(first);
    await first.goto("/slots/sandstone-studio");
    await waitForHydration(first);
    await first.getByRole("list", { name: "Sandstone Studio", exact: true }).getByRole("link", { name: /Pharaoh Gold/ }).click();
    await first.locator('[data-testid="game-frame"]').waitFor();

    const second = await newPage(ctx);
    await second.goto("/game/grand-salon-live/salon-roulette");
    const confirm = second.getByTestId("close-confirmation-single");
    await confirm.waitFor();
    await expect(confirm.textContent()).resolves.toContain(
      "Pharaoh Gold is open in another window. Its game session will be closed when you start Salon Roulette.",
    );
    expect(await second.locator('[data-testid="game-frame"]').count()).toBe(0);

    await confirm.getByRole("button", { name: "Close it and play" }).click();
    await second.locator('[data-testid="game-frame"]').waitFor();
    // The first tab hears it and leaves its game for the page it came from.
    await first.waitForURL(`${baseUrl()}/slots/sandstone-studio`);
  });

  it("an unknown game is a 404 page", async () => {
    const page = await newPage(await newContext());
    const response = await page.goto("/game/sandstone-studio/no-such-game");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
  });
});
