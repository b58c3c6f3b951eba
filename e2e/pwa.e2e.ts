import fs from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBuildManifest, type BuildInfo } from "../apps/web/app-build.ts";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

const { open } = useBrowserSession();

// The build the server serves (scripts/e2e.mjs starts it on the default WEB_BUILD_DIR).
const clientDir = path.resolve(process.env.WEB_BUILD_DIR ?? path.join(import.meta.dirname, "../apps/web/build"), "client");
const latestFile = path.join(clientDir, "builds/latest.json");
let original: string;
const addedMeta: string[] = [];

beforeAll(async () => {
  original = await fs.readFile(latestFile, "utf8");
});

// Later test files run against the same build directory: put its manifest back as the build wrote it.
afterAll(async () => {
  if (original) await fs.writeFile(latestFile, original);
  await Promise.all(addedMeta.map((file) => fs.rm(file, { force: true })));
});

async function controlledBy(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

describe("installable app (issue #19)", () => {
  it("links a web app manifest with standalone display, start URL and 192/512 icons (maskable too), all served", async () => {
    const { page, errors } = await open();
    await page.goto("/");
    await waitForHydration(page);
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const response = await page.request.get(href!);
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      scope: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ short_name: "Croupier", display: "standalone", scope: "/" });
    expect(manifest.start_url.startsWith("/")).toBe(true);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    for (const [sizes, purpose] of [["192x192", "any"], ["512x512", "any"], ["192x192", "maskable"], ["512x512", "maskable"]]) {
      const icon = manifest.icons.find((entry) => entry.sizes === sizes && entry.purpose === purpose);
      expect(icon, `${purpose} icon ${sizes}`).toBeDefined();
      const image = await page.request.get(icon!.src);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
    }
    expect(errors).toEqual([]);
  });

  it("registers /sw.js, which controls the page, and Chromium finds the app installable", async () => {
    const { page, context, errors } = await open();
    await page.goto("/");
    await waitForHydration(page);
    expect(await controlledBy(page)).toBe(`${baseUrl()}/sw.js`);
    // The install prompt's criteria as Chromium itself checks them (what Lighthouse's installable audit reads).
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito-like profiles, where Chromium never offers installation.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("shows the offline page for a page load with the network cut, and comes back by itself when it returns", async () => {
    const { page, context, errors } = await open();
    await page.goto("/");
    await waitForHydration(page);
    await controlledBy(page);

    await context.setOffline(true);
    await page.goto("/slots");
    await page.getByRole("heading", { level: 1, name: "You are offline" }).waitFor();
    expect(page.url()).toBe(`${baseUrl()}/slots`);
    await page.getByRole("button", { name: "Try again" }).waitFor();

    // Back online: the offline page reloads the address it stands in for.
    await context.setOffline(false);
    await page.getByRole("banner").waitFor({ timeout: 20_000 });
    await expect(page.getByRole("heading", { name: "You are offline" }).count()).resolves.toBe(0);
    // The failed loads are the browser's own net::ERR_INTERNET_DISCONNECTED lines, not script errors.
    expect(errors.filter((line) => !line.includes("ERR_INTERNET_DISCONNECTED"))).toEqual([]);
  });

  it("never lets the service worker answer an API call from a cache", async () => {
    const { page } = await open();
    await page.goto("/");
    await waitForHydration(page);
    await controlledBy(page);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((pathname) => pathname.startsWith("/api/") || pathname.startsWith("/account"))).toEqual([]);
    expect(cached).toContain("/offline.html");
  });
});

describe("build updates (issue #19)", () => {
  /**
   * A deploy, as far as an open tab can tell, is builds/latest.json naming a new build id: the web
   * build's last step (writeBuildManifest, apps/web/app-build.ts) writes it after everything else. A
   * second full `react-router build` would replace the assets under the running server, so the test
   * runs that step again with a new id into the served build directory, and lets the app's own poller
   * find it (it polls at once when the tab becomes visible; dispatching that event is how a player
   * returning to the tab triggers it).
   */
  async function deployNewBuild(): Promise<BuildInfo> {
    const info: BuildInfo = { id: `e2e-${Date.now().toString(36)}`, timestamp: Date.now(), version: "0.1.0" };
    await writeBuildManifest(clientDir, info);
    addedMeta.push(path.join(clientDir, "builds/meta", `${info.id}.json`));
    return info;
  }

  const marker = (page: Page) => page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker ?? null);
  const setMarker = (page: Page) =>
    page.evaluate(() => {
      (window as unknown as { __e2eMarker?: string }).__e2eMarker = "before-update";
    });
  /**
   * The player comes back to the tab until the app's poller has asked for builds/latest.json: the poller is one of
   * the runtimes that mount after hydration from a lazy chunk (ADR 045), so a return right after hydration may come
   * before it listens, as it never would for a player. A return during the reload that follows is ignored.
   */
  const returnToTabUntil = async (page: Page, polled: Promise<unknown>) => {
    let answered = false;
    const settled = polled.finally(() => {
      answered = true;
    });
    for (let attempt = 0; attempt < 40 && !answered; attempt += 1) {
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange"))).catch(() => undefined);
      await Promise.race([settled.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 250))]);
    }
    await settled;
  };

  it("an open tab picks up a new build and reloads into it", async () => {
    const { page, errors } = await open();
    await page.goto("/live");
    await waitForHydration(page);
    await setMarker(page);
    const build = await deployNewBuild();
    const served = await page.request.get("/builds/latest.json");
    expect(served.headers()["cache-control"]).toBe("no-cache");
    expect(await served.json()).toMatchObject({ id: build.id });

    const polled = page.waitForResponse((response) => response.url().endsWith("/builds/latest.json"));
    const reloaded = page.waitForEvent("load");
    await returnToTabUntil(page, polled);
    await reloaded;
    await waitForHydration(page);
    expect(page.url()).toBe(`${baseUrl()}/live`);
    expect(await marker(page)).toBeNull();
    expect(errors).toEqual([]);
  });

  it("waits while the withdraw dialog is open and reloads once the player leaves it", async () => {
    const { page } = await open();
    await page.goto("/?modal=withdraw");
    await waitForHydration(page);
    await setMarker(page);
    await deployNewBuild();

    const polled = page.waitForResponse((response) => response.url().endsWith("/builds/latest.json"));
    await returnToTabUntil(page, polled);
    // The new build is known; a dialog of payment is open, so the tab stays as it is.
    expect(await marker(page)).toBe("before-update");

    // Leaving the dialog by a client-side navigation (a full page load would prove nothing): the update goes ahead.
    const reloaded = page.waitForEvent("load");
    await page.getByRole("complementary", { name: "Main navigation" }).getByRole("link", { name: "Slots", exact: true }).click();
    await reloaded;
    expect(page.url()).toBe(`${baseUrl()}/slots`);
    expect(await marker(page)).toBeNull();
  });
});
