import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, openPage, waitForHydration, type TrackedPage } from "./support/browser.ts";

let browser: Browser;
let current: TrackedPage | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await current?.context.close();
  current = undefined;
});

afterAll(async () => {
  await browser?.close();
});

async function open(options: Parameters<typeof openPage>[1] = {}) {
  current = await openPage(browser, options);
  return current;
}

const sidebar = (page: Page) => page.getByRole("navigation", { name: /main|sidebar/i });

describe("foundation: server-rendered shell", () => {
  it("renders / with status 200, a header and the sidebar", async () => {
    const { page, errors } = await open();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-type"]).toContain("text/html");
    await page.getByRole("banner").waitFor();
    await sidebar(page).waitFor();
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
    let documentLoads = 0;
    page.on("load", () => documentLoads++);

    await sidebar(page).getByRole("link", { name: /^live/i }).first().click();
    await page.waitForURL(`${baseUrl()}/live`);
    await sidebar(page)
      .getByRole("link", { name: /^slots/i })
      .first()
      .click();
    await page.waitForURL(`${baseUrl()}/slots`);

    const marker = await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker);
    expect(marker).toBe("same-document");
    expect(documentLoads).toBe(0);
    expect(errors).toEqual([]);
  });

  it("server-renders an information page with its heading", async () => {
    const { page, errors } = await open();
    const response = await page.goto("/responsible-gaming");
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: /responsible gaming/i }).waitFor();
    await waitForHydration(page);
    expect(errors).toEqual([]);
  });

  it("answers an unknown path with HTTP 404 and 'Page Not Found' showing the path", async () => {
    const { page } = await open();
    const response = await page.goto("/no-such-page-e2e");
    expect(response?.status()).toBe(404);
    await page.getByText("Page Not Found").first().waitFor();
    await page.getByText("/no-such-page-e2e").first().waitFor();
  });

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
  it("collapses the sidebar below 768 px and opens it as an overlay over the content", async () => {
    const { page, errors } = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto("/");
    await waitForHydration(page);
    expect(await sidebar(page).isVisible()).toBe(false);

    await page
      .getByRole("button", { name: /menu|sidebar/i })
      .first()
      .click();
    await sidebar(page).waitFor();

    const overlay = await sidebar(page).evaluate((nav) => {
      // The sidebar (or the panel holding it) is taken out of the flow and stacked above the page.
      let element: HTMLElement | null = nav as HTMLElement;
      while (element && element !== document.body) {
        const style = getComputedStyle(element);
        if (style.position === "fixed" || style.position === "absolute") {
          const main = document.querySelector("main");
          const mainBox = main?.getBoundingClientRect();
          const box = element.getBoundingClientRect();
          return {
            positioned: style.position,
            overlapsMain: !!mainBox && box.left < mainBox.right && box.right > mainBox.left,
          };
        }
        element = element.parentElement;
      }
      return { positioned: "static", overlapsMain: false };
    });
    expect(overlay.positioned).toMatch(/fixed|absolute/);
    expect(overlay.overlapsMain).toBe(true);
    expect(errors).toEqual([]);
  });
});
