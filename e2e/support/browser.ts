import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

/**
 * Flags that work with Debian's chromium in a container: no sandbox (we run as
 * root), no GPU, and nothing that phones home. Playwright gives every launch a
 * fresh temporary user-data dir and removes it on close.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: run the browser tests with `npm run test:e2e`");
  return url.replace(/\/$/, "");
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_FLAGS,
  });
}

export type TrackedPage = {
  page: Page;
  context: BrowserContext;
  /** Uncaught exceptions and console.error lines, in order. */
  errors: string[];
};

/** A page in its own context (no shared cookies or storage) that records script errors. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  // Fail an assertion within the test's own 30 s budget, with Playwright's message.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  return { page, context, errors };
}

/**
 * Resolves once React has hydrated the document: hydrateRoot(document) tags the
 * body with a fiber key. Clicking a link before that is a full page load.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber$")), null, {
    timeout: 15_000,
  });
}
