import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

const { open } = useBrowserSession();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const providers = (page: Page) => page.getByRole("navigation", { name: "Providers" });
const grid = (page: Page, name: string) => page.getByRole("list", { name, exact: true });
/** The studio line of every tile in a grid. */
const studiosOf = (page: Page, name: string) =>
  grid(page, name).locator("li a span.block > span.block:nth-child(2)").allTextContents();

/**
 * Logs the demo player in the way the web app does, from a page of this origin (after its start-up
 * refresh, so nothing races the login): the server keeps the session in the HttpOnly
 * __Host-refresh_token cookie (ADR 012), which no test code can forge. Returns an access token.
 */
async function logInAsDemo(context: BrowserContext) {
  const page = await context.newPage();
  const started = page.waitForResponse((r) => r.url().endsWith("/api/v1/session/update"));
  await page.goto("/");
  await started;
  const result = await page.evaluate(async () => {
    const response = await fetch("/api/v1/authorization/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "demo@example.com", password: "demo-password-1" }),
    });
    const body = (await response.json()) as { payload: { access_token: string } };
    return { status: response.status, token: body.payload.access_token };
  });
  await page.close();
  expect(result.status).toBe(200);
  return result.token;
}

async function removeFavorite(token: string, externalGuid: string) {
  await fetch(`${baseUrl()}/api/v1/catalog/favorites`, {
    method: "DELETE",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ game_guid: externalGuid }),
  });
}

describe("lobby: filters", () => {
  it("filters a section by a studio named in the URL, server-rendered", async () => {
    const { page, errors } = await open();
    const response = await page.goto("/slots/sandstone-studio");
    expect(response?.status()).toBe(200);
    // The first screen is in the HTML: the studio's games, no spinner.
    const html = (await response?.text()) ?? "";
    expect(html).toContain("Pharaoh Gold");
    expect(html).toContain('aria-label="Sandstone Studio"');
    // The page's own description and the theme colour are in the server's head (search results, the browser's bar).
    expect(html).toMatch(/<meta name="description" content="Sandstone Studio · Slots at Croupier: [^"]+"\/>/);
    expect(html).toContain('<meta name="theme-color" content="#0c0f18"/>');
    await page.getByRole("heading", { level: 1, name: "Sandstone Studio" }).waitFor();
    const studios = await studiosOf(page, "Sandstone Studio");
    expect(studios.length).toBe(10);
    expect(new Set(studios)).toEqual(new Set(["Sandstone Studio"]));
    await expect(
      providers(page).getByRole("link", { name: "Sandstone Studio" }).getAttribute("aria-current"),
    ).resolves.toBe("page");
    // Tiles come through the image proxy at density 1 and 2, with a size reserved.
    const image = grid(page, "Sandstone Studio").locator("img").first();
    expect(await image.getAttribute("srcset")).toMatch(
      /^\/_ipx\/w_200,f_webp\/catalog\/games\/\S+ 1x, \/_ipx\/w_400,f_webp\/catalog\/games\/\S+ 2x$/,
    );
    expect(await image.getAttribute("width")).toBe("200");
    await waitForHydration(page);
    expect(errors).toEqual([]);
  });

  it.each(["/slots/no-such-studio", "/live/sandstone-studio", "/slots/live-blackjack", "/favorites"])(
    "answers %s with 404 (nothing of that name here)",
    async (path) => {
      const { page } = await open();
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    },
  );

  it("resolves the tag Pokies by its route name 'Pokies tag'", async () => {
    const { page } = await open();
    const response = await page.goto("/slots/Pokies%20tag");
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Pokies" }).waitFor();
    expect(await grid(page, "Pokies").locator("li").count()).toBeGreaterThan(0);
  });

  it("filters by a studio clicked in the provider strip", async () => {
    const { page, errors } = await open();
    await page.goto("/slots");
    await waitForHydration(page);
    // Live-only studios are not in the slots strip.
    expect(await providers(page).getByRole("link", { name: "Grand Salon Live" }).count()).toBe(0);
    await providers(page).getByRole("link", { name: "Neon Alley" }).click();
    await page.waitForURL(`${baseUrl()}/slots/neon-alley`);
    await page.getByRole("heading", { level: 1, name: "Neon Alley" }).waitFor();
    await grid(page, "Neon Alley").locator("li a").first().waitFor();
    const studios = await studiosOf(page, "Neon Alley");
    // Desktop: Neon Alley's desktop games (its mobile-only Pixel Bars stays out).
    expect(studios.length).toBe(9);
    expect(new Set(studios)).toEqual(new Set(["Neon Alley"]));
    expect(await grid(page, "Neon Alley").getByText("Pixel Bars").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("lists a phone's games on a phone (can_mobile follows the device)", async () => {
    const { page } = await open({
      ...PHONE,
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148",
    });
    const response = await page.goto("/slots/neon-alley");
    expect(await response?.text()).toContain("Pixel Bars");
    await grid(page, "Neon Alley").getByText("Pixel Bars").waitFor();
    expect(await grid(page, "Neon Alley").locator("li a").count()).toBe(10);
  });

  it("renders the first page of a grid on the server and loads the rest while scrolling", async () => {
    const api = await fetch(`${baseUrl()}/api/v1/edgesync/catalog/games?can_desktop=true&per_page=1`);
    const total = ((await api.json()) as { metadata: { total: number } }).metadata.total;
    expect(total).toBeGreaterThan(48);
    const { page } = await open();
    const response = await page.goto("/all-games");
    const html = (await response?.text()) ?? "";
    expect(html.match(/data-game="/g)?.length).toBe(24);
    await waitForHydration(page);
    const tiles = grid(page, "All games").locator("li a");
    const more = page.getByRole("button", { name: "Load more games" });
    // Scroll to the end until every desktop game of the catalogue is in and the button is gone.
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 4000);
          return tiles.count();
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe(total);
    await expect.poll(() => more.count()).toBe(0);
    // Nothing is listed twice across pages.
    const names = await grid(page, "All games").locator("li a span.block > span.block:first-child").allTextContents();
    expect(new Set(names).size).toBe(total);
  });

  it("loads the next page with the button where scrolling does not", async () => {
    const { page } = await open();
    await page.addInitScript(() => {
      // A browser without IntersectionObserver: the button is the way on.
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    });
    await page.goto("/all-games");
    await waitForHydration(page);
    const tiles = grid(page, "All games").locator("li a");
    await page.mouse.wheel(0, 8000);
    await page.waitForTimeout(500);
    expect(await tiles.count()).toBe(24);
    await page.getByRole("button", { name: "Load more games" }).click();
    await expect.poll(() => tiles.count()).toBe(48);
  });

  it("opens a game at /game/{provider route name}/{game route name}", async () => {
    const { page } = await open();
    await page.goto("/slots/sandstone-studio");
    await waitForHydration(page);
    await grid(page, "Sandstone Studio")
      .getByRole("link", { name: /Pharaoh Gold/ })
      .click();
    await page.waitForURL(`${baseUrl()}/game/sandstone-studio/pharaoh-gold`);
  });
});

describe("lobby: search", () => {
  it("searches from the dialog with the keyboard, opens the game and remembers the search", async () => {
    const { page, errors } = await open();
    await page.goto("/?modal=search");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Search games" });
    const box = dialog.getByRole("combobox", { name: "Search games" });
    await box.waitFor();
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    const searched: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith("/catalog/games") && url.searchParams.has("game_name"))
        searched.push(url.searchParams.get("game_name")!);
    });
    await box.pressSequentially("pharaoh", { delay: 30 });
    const option = dialog.getByRole("option", { name: /Pharaoh Gold/ });
    await option.waitFor();
    // Debounced: one call for the whole word, not one per key.
    expect(searched).toEqual(["pharaoh"]);
    await box.press("ArrowDown");
    await expect(option.getAttribute("aria-selected")).resolves.toBe("true");
    await expect(box.getAttribute("aria-activedescendant")).resolves.toBe(await option.getAttribute("id"));
    await box.press("Enter");
    await page.waitForURL(`${baseUrl()}/game/sandstone-studio/pharaoh-gold`);

    await page.goto("/?modal=search");
    const recent = page.getByRole("listbox", { name: "Recent searches" });
    await recent.getByRole("option", { name: "pharaoh" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("searches inside the sidebar on a phone (?modal=search opens the drawer, not the dialog)", async () => {
    const { page, errors } = await open(PHONE);
    await page.goto("/?modal=search");
    await waitForHydration(page);
    const sidebar = page.getByRole("complementary", { name: "Main navigation" });
    const box = sidebar.getByRole("combobox", { name: "Search games" });
    await box.waitFor();
    await page.waitForURL(`${baseUrl()}/`);
    // The server rendered the search dialog for ?modal=search; the client closes it after moving to the drawer.
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 5_000 }).toBe(0);
    await box.fill("neon");
    await sidebar.getByRole("option", { name: /Neon Fruits/ }).click();
    await page.waitForURL(`${baseUrl()}/game/neon-alley/neon-fruits`);
    expect(errors).toEqual([]);
  });
});

describe("lobby: favourites", () => {
  it("asks a visitor to log in when a heart is clicked", async () => {
    const { page } = await open();
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Favorite Pharaoh Gold" }).first().click();
    await page.waitForURL(`${baseUrl()}/?modal=login`);
  });

  it("adds a favourite as the demo player and shows it in the Favorites tag after a reload", async () => {
    const { page, context, errors } = await open();
    const token = await logInAsDemo(context);
    try {
      await page.goto("/");
      await waitForHydration(page);
      expect(await page.getByRole("heading", { name: "Favorites" }).count()).toBe(0);
      const heart = page.getByRole("button", { name: "Favorite Neon Fruits" }).first();
      const saved = page.waitForResponse(
        (r) => r.url().endsWith("/api/v1/catalog/favorites") && r.request().method() === "POST",
      );
      await heart.click();
      // Optimistic: the row appears before the server answers, then the answer confirms it.
      await page.getByRole("heading", { level: 2, name: "Favorites" }).waitFor();
      expect((await saved).status()).toBe(200);

      await page.reload();
      const row = page.getByRole("list", { name: "Favorites" });
      await row.getByRole("link", { name: /Neon Fruits/ }).waitFor();
      await page.getByRole("list", { name: "Categories" }).getByRole("link", { name: "Favorites" }).click();
      await page.waitForURL(`${baseUrl()}/favorites`);
      await page.getByRole("heading", { level: 1, name: "Favorites" }).waitFor();
      await expect(
        grid(page, "Favorites")
          .getByRole("link", { name: /Neon Fruits/ })
          .count(),
      ).resolves.toBe(1);
      await expect(
        grid(page, "Favorites").getByRole("button", { name: "Favorite Neon Fruits" }).getAttribute("aria-pressed"),
      ).resolves.toBe("true");
      expect(errors).toEqual([]);
    } finally {
      await removeFavorite(token, "house:slot-neon-fruits");
    }
  });

  it("undoes the heart and shows the spec's toast when saving fails", async () => {
    const { page, context } = await open();
    await logInAsDemo(context);
    await page.route("**/api/v1/catalog/favorites", (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({
          status: "error",
          payload: { code: "CONFLICT", message: "no" },
          metadata: { request_id: "e2e" },
        }),
      }),
    );
    await page.goto("/slots/sandstone-studio");
    await waitForHydration(page);
    const heart = grid(page, "Sandstone Studio").getByRole("button", { name: "Favorite Scarab Sun" });
    await heart.click();
    await page.getByText("Unexpected error occured while adding game to favorites").waitFor();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("false");
    expect(await page.getByRole("list", { name: "Categories" }).getByRole("link", { name: "Favorites" }).count()).toBe(
      0,
    );
  });
});
