import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, waitForHydration } from "./support/browser.ts";

// Issue #13 item 16. scripts/e2e.mjs starts the server as a newcomer would: no PUBLIC_URL, HOST=127.0.0.1,
// so the default public URL is http://127.0.0.1:PORT. A player who types http://localhost:PORT instead must
// still see the game, not Chromium's "This content is blocked": the game page only lets its own origin
// frame it (frame-ancestors 'self'), so the launch URL must be on the origin the player used.

let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await browser?.close();
});

/** The same server through the other loopback name than the one the tests use. */
function otherLoopbackOrigin(): string {
  const url = new URL(baseUrl());
  url.hostname = url.hostname === "localhost" ? "127.0.0.1" : "localhost";
  return url.origin;
}

describe("a game opened through another loopback name than the default", () => {
  it("is framed from that origin and plays (no blocked frame)", async () => {
    const origin = otherLoopbackOrigin();
    context = await browser.newContext({ baseURL: origin });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    await page.goto("/game/sandstone-studio/pharaoh-gold");
    await waitForHydration(page);
    const frame = page.locator('[data-testid="game-frame"]');
    await frame.waitFor();
    const src = new URL((await frame.getAttribute("src"))!);
    expect(src.origin).toBe(origin);
    expect(src.searchParams.get("parent_origin")).toBe(origin);

    // The provider's page actually rendered inside the frame: a blocked frame has no Spin button.
    const game = page.frameLocator('[data-testid="game-frame"]');
    await game.getByRole("button", { name: "Spin", exact: true }).waitFor();
    expect(errors).toEqual([]);
  }, 60_000);
});
