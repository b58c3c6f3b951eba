import type { Browser, BrowserContextOptions } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { launchBrowser, openPage, type TrackedPage } from "./browser.ts";

/**
 * One Chromium per test file; `open()` gives a page in a fresh context (no shared
 * cookies or storage). Every context a test opened is closed after that test,
 * so a test that opens two (two players, two tabs) leaks neither.
 */
export function useBrowserSession() {
  let browser: Browser | undefined;
  const opened: TrackedPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((tracked) => tracked.context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    open: async (options: BrowserContextOptions = {}): Promise<TrackedPage> => {
      if (!browser) throw new Error("open() runs inside a test, after beforeAll launched the browser");
      const tracked = await openPage(browser, options);
      opened.push(tracked);
      return tracked;
    },
  };
}
