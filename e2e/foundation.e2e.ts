import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

const { open } = useBrowserSession();

const sidebar = (page: Page) => page.getByRole("complementary", { name: "Main navigation" });
const sidebarLink = (page: Page, name: string) => sidebar(page).getByRole("link", { name, exact: true });

describe("foundation: server-rendered shell", () => {
  it("renders / with status 200, a header and the sidebar", async () => {
    const { page, errors } = await open();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-type"]).toContain("text/html");
    // Server-rendered: the shell is in the HTML before any script runs.
    const html = (await response?.text()) ?? "";
    expect(html).toContain('aria-label="Main navigation"');
    await page.getByRole("banner").waitFor();
    await sidebar(page).waitFor();
    await sidebarLink(page, "Live casino").waitFor();
    await waitForHydration(page);
    expect(errors).toEqual([]);
  });

  it("navigates client-side to /live and /slots from the sidebar without a full reload", async () => {
    const { page, errors } = await open();
    await page.goto("/");
    await waitForHydration(page);
    // A full page load would wipe this; a client-side navigation keeps it.
    await page.evaluate(() => {
      (window as unknown as { __e2eMarker?: string }).__e2eMarker = "same-document";
    });
    let documentRequests = 0;
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documentRequests++;
    });

    await sidebarLink(page, "Live casino").click();
    await page.waitForURL(`${baseUrl()}/live`);
    await sidebarLink(page, "Slots").click();
    await page.waitForURL(`${baseUrl()}/slots`);
    // The active link follows the route.
    await sidebar(page).locator('a[aria-current="page"]', { hasText: "Slots" }).waitFor();

    const marker = await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker);
    expect(marker).toBe("same-document");
    expect(documentRequests).toBe(0);
    expect(errors).toEqual([]);
  });

  it("server-renders an information page with its heading", async () => {
    const { page, errors } = await open();
    const response = await page.goto("/responsible-gaming");
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Responsible gaming" }).waitFor();
    expect(await page.title()).toContain("Responsible gaming");
    await waitForHydration(page);
    expect(errors).toEqual([]);
  });

  it.each(["/no-such-page-e2e", "/no/such/page"])(
    "answers the unknown path %s with HTTP 404 and 'Page Not Found' showing the path",
    async (path) => {
      const { page } = await open();
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
      await page.getByText(path, { exact: true }).waitFor();
      // The shell stays around the error, so the player can navigate away.
      await sidebar(page).waitFor();
    },
  );

  it("renders a page whose modal parameter names no dialog, without errors", async () => {
    const { page, errors } = await open();
    const response = await page.goto("/?modal=does-not-exist");
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await sidebar(page).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe("foundation: mobile layout", () => {
  it("hides the sidebar below 768 px and opens it as an overlay over the content", async () => {
    const { page, errors } = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto("/");
    await waitForHydration(page);
    expect(await sidebar(page).isVisible()).toBe(false);
    const mainBefore = await page.locator("main").boundingBox();

    await page.getByRole("button", { name: "Toggle navigation" }).click();
    await sidebar(page).waitFor();
    // It slides in: wait until it rests fully on screen.
    await expect.poll(async () => (await sidebar(page).boundingBox())?.x, { timeout: 5_000, interval: 50 }).toBe(0);

    const layout = await sidebar(page).evaluate((aside) => {
      const style = getComputedStyle(aside);
      const box = aside.getBoundingClientRect();
      const main = document.querySelector("main")!.getBoundingClientRect();
      return {
        position: style.position,
        zIndex: Number(style.zIndex) || 0,
        overlapsMain: box.left < main.right && box.right > main.left,
        onScreen: box.left >= 0 && box.right <= window.innerWidth,
      };
    });
    expect(layout.position).toBe("fixed");
    expect(layout.zIndex).toBeGreaterThan(0);
    expect(layout.overlapsMain).toBe(true);
    expect(layout.onScreen).toBe(true);
    // An overlay does not push the content aside.
    expect(await page.locator("main").boundingBox()).toEqual(mainBefore);

    await page.keyboard.press("Escape");
    await sidebar(page).waitFor({ state: "hidden" });
    expect(errors).toEqual([]);
  });
});
