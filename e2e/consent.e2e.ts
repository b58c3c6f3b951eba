import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Consent and the third-party services (issue #19, ADR 027). The shared e2e server has no service
// configured, so this file starts its own server (fresh PGlite database) with every service on and
// EXTERNAL_SERVICES_BASE_URL pointing at a local stand-in that serves the vendors' scripts: what the
// browser asks of it is what a player's browser would ask of the vendors.

const root = path.resolve(import.meta.dirname, "..");
const SERVICES = ["ga", "hotjar", "livechat", "engagement", "pixel"] as const;

/** Each stand-in script does what its vendor's does to the page-visible queue, and records calls. */
const STAND_IN_SCRIPTS: Record<(typeof SERVICES)[number], string> = {
  ga: "window.__standIn = window.__standIn || {}; window.__standIn.ga = (window.dataLayer || []).length;",
  hotjar: "window.__standIn = window.__standIn || {}; window.__standIn.hotjar = window._hjSettings && window._hjSettings.hjid;",
  livechat: [
    "window.__standIn = window.__standIn || {}; window.__standIn.livechat = window.__lc && window.__lc.license;",
    "window.__liveChatCalls = []; window.LiveChatWidget = { call: function () { window.__liveChatCalls.push(Array.from(arguments)); } };",
  ].join("\n"),
  engagement: [
    "window.__standIn = window.__standIn || {}; window.__standIn.engagement = window.analytics._writeKey;",
    "var queue = window.analytics; window.__engagementCalls = queue.slice();",
    "['identify', 'page', 'track', 'reset'].forEach(function (m) { queue[m] = function () { window.__engagementCalls.push([m].concat(Array.from(arguments))); }; });",
  ].join("\n"),
  pixel: [
    "window.__standIn = window.__standIn || {}; window.__standIn.pixel = true;",
    "window.__pixelCalls = window.fbq.queue.map(function (a) { return Array.from(a); });",
    "window.fbq.callMethod = function () { window.__pixelCalls.push(Array.from(arguments)); };",
  ].join("\n"),
};

let standIn: http.Server;
let standInOrigin = "";
const standInRequests: string[] = [];
let server: ChildProcess | undefined;
let siteUrl = "";
let dataDir = "";

function listen(target: http.Server): Promise<number> {
  return new Promise((resolve) => target.listen(0, "127.0.0.1", () => resolve((target.address() as AddressInfo).port)));
}

async function freePort(): Promise<number> {
  const probe = http.createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitForReady(url: string, child: ChildProcess) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the consent test's server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  standIn = http.createServer((request, response) => {
    standInRequests.push(request.url ?? "");
    const name = /^\/vendor\/(\w+)\.js/.exec(request.url ?? "")?.[1] as (typeof SERVICES)[number] | undefined;
    if (!name || !(name in STAND_IN_SCRIPTS)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "application/javascript", "cache-control": "no-store" }).end(STAND_IN_SCRIPTS[name]);
  });
  standInOrigin = `http://127.0.0.1:${await listen(standIn)}`;

  const port = await freePort();
  siteUrl = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "croupier-consent-e2e-"));
  const require = createRequire(path.join(root, "package.json"));
  server = spawn(process.execPath, ["--import", pathToFileURL(require.resolve("tsx")).href, path.join(root, "apps/server/src/server.ts")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: "",
      DEMO_MODE: "true",
      LOG_LEVEL: "warn",
      SERVE_WEB: "true",
      SEED_DEMO_DATA: "true",
      REDIS_URL: "",
      HOUSE_LIVE_TABLES: "false",
      GA_MEASUREMENT_ID: "G-CONSENT1",
      HOTJAR_SITE_ID: "4242",
      LIVECHAT_LICENSE: "777",
      ENGAGEMENT_WRITE_KEY: "write-key-1",
      TRACKING_PIXEL_ID: "9090",
      EXTERNAL_SERVICES_BASE_URL: `${standInOrigin}/vendor/`,
    },
  });
  await waitForReady(`${siteUrl}/readyz`, server);
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await new Promise((resolve) => standIn?.close(resolve));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const { open } = useBrowserSession();

/** Every request the page makes to anything but the site itself. */
function recordThirdParty(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== siteUrl) seen.push(request.url());
  });
  return seen;
}

/** The seed's start triggers: a pointer press, a key and a scroll. */
async function interact(page: Page) {
  await page.mouse.click(5, 300);
  await page.keyboard.press("Shift");
  await page.mouse.wheel(0, 200);
}

/**
 * Two idle callbacks of the page's own, queued after the interaction: a start the runtime scheduled
 * on that interaction (an idle callback too, queued first) has run by then and asked for its script.
 */
async function settleIdle(page: Page) {
  for (let i = 0; i < 2; i += 1)
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })));
}

const banner = (page: Page) => page.getByRole("region", { name: "Cookie consent" });

describe("consent and external services", () => {
  it("nothing third-party before a choice, nor after refusing; the choice is remembered", async () => {
    const { page } = await open({ baseURL: siteUrl });
    const thirdParty = recordThirdParty(page);
    const configAsked: string[] = [];
    page.on("request", (request) => request.url().includes("/workspace/external-services") && configAsked.push(request.url()));
    const response = await page.goto("/");
    // The policy names the stand-in (every configured service's scripts come from it) and no wildcard.
    const policy = response?.headers()["content-security-policy"] ?? "";
    // A fresh render carries a nonce; a visitor's page from the shared HTML cache its inline scripts' hashes (ADR 044).
    expect(policy).toMatch(/script-src 'self' '(nonce-|sha256-)/);
    expect(policy).toContain(standInOrigin);
    expect(policy).not.toContain("*");
    await waitForHydration(page);
    await banner(page).waitFor();
    await interact(page);
    await settleIdle(page);
    expect(thirdParty).toEqual([]);
    expect(configAsked).toEqual([]);
    expect(await page.context().cookies()).not.toContainEqual(expect.objectContaining({ name: expect.stringMatching(/^_(ga|hj|fbp)/) }));

    await banner(page).getByRole("button", { name: "Reject optional" }).click();
    await expect(banner(page).count()).resolves.toBe(0);
    await interact(page);
    await settleIdle(page);
    // A new page load remembers the refusal: no banner, still nothing third-party.
    await page.goto("/slots");
    await waitForHydration(page);
    await interact(page);
    await settleIdle(page);
    await expect(banner(page).count()).resolves.toBe(0);
    expect(thirdParty).toEqual([]);
    expect(configAsked).toEqual([]);
  });

  it("accepting loads exactly the configured services after the first interaction; sign-up sends Lead, identify and the chat variables", async () => {
    const { page } = await open({ baseURL: siteUrl });
    const thirdParty = recordThirdParty(page);
    await page.goto("/");
    await waitForHydration(page);
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await interact(page);
    await page.waitForFunction(() => {
      const loaded = (window as unknown as { __standIn?: Record<string, unknown> }).__standIn ?? {};
      return ["ga", "hotjar", "livechat", "engagement", "pixel"].every((name) => name in loaded);
    });
    const scripts = thirdParty.map((url) => new URL(url)).map((url) => `${url.origin}${url.pathname}`);
    expect([...new Set(scripts)].sort()).toEqual(SERVICES.map((name) => `${standInOrigin}/vendor/${name}.js`).sort());
    const loaded = await page.evaluate(() => (window as unknown as { __standIn: Record<string, unknown> }).__standIn);
    expect(loaded).toMatchObject({ hotjar: 4242, livechat: 777, engagement: "write-key-1", pixel: true });
    // The pixel's init and PageView went through the queue.
    await page.waitForFunction(() => ((window as unknown as { __pixelCalls?: unknown[][] }).__pixelCalls ?? []).length >= 2);
    expect(await page.evaluate(() => (window as unknown as { __pixelCalls: unknown[][] }).__pixelCalls.slice(0, 2))).toEqual([
      ["init", "9090"],
      ["track", "PageView"],
    ]);

    // Sign up: Lead on the pixel, identify on the engagement service, session variables on the chat.
    const email = `consent-${randomBytes(5).toString("hex")}@example.com`;
    await page.goto("/?modal=register");
    await waitForHydration(page);
    // A key only: a click beside the dialog would close it.
    await page.keyboard.press("Shift");
    await page.waitForFunction(() => Boolean((window as unknown as { __standIn?: { pixel?: boolean } }).__standIn?.pixel));
    const register = page.getByRole("dialog", { name: "Create your account" });
    await register.getByLabel("Email", { exact: true }).fill(email);
    await register.getByLabel("Password").fill("consent-pass-123");
    // The currencies arrive with the client query: the default is picked when they do.
    await expect.poll(() => register.getByLabel("Currency").inputValue(), { timeout: 15_000 }).not.toBe("");
    await register.getByRole("button", { name: "Create account" }).click();
    await page.waitForFunction(() =>
      ((window as unknown as { __pixelCalls?: unknown[][] }).__pixelCalls ?? []).some((call) => call[0] === "track" && call[1] === "Lead"),
    );
    await page.waitForFunction(
      (address) =>
        ((window as unknown as { __engagementCalls?: unknown[][] }).__engagementCalls ?? []).some(
          (call) => call[0] === "identify" && (call[2] as { email?: string } | undefined)?.email === address,
        ),
      email,
    );
    await page.waitForFunction(
      (address) =>
        ((window as unknown as { __liveChatCalls?: unknown[][] }).__liveChatCalls ?? []).some(
          (call) => call[0] === "set_session_variables" && (call[1] as { email?: string }).email === address && (call[1] as { has_deposit?: string }).has_deposit === "false",
        ),
      email,
    );
    // The external chat is the chat: the built-in launcher is gone.
    await expect(page.getByRole("button", { name: /live chat/i }).count()).resolves.toBe(0);
  });

  it("a settled deposit sends the pixel's Purchase with value and currency", async () => {
    const api = async <T>(route: string, body: unknown, token?: string): Promise<T> => {
      const response = await fetch(`${siteUrl}/api/v1${route}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { payload: T }).payload;
    };
    const currencies = ((await (await fetch(`${siteUrl}/api/v1/dictionary/currencies`)).json()) as { payload: { guid: string; code: string }[] }).payload;
    const usd = currencies.find((c) => c.code === "USD")!.guid;
    const email = `purchase-${randomBytes(5).toString("hex")}@example.com`;
    const password = "purchase-pass-123";
    const signed = await api<{ access_token: string }>("/signup", { email, password, currency_guid: usd });

    const { page } = await open({ baseURL: siteUrl });
    // The Purchase follows the deposit's realtime event, which is not replayed to a socket that connects
    // later: the deposit waits until socket.io has answered the player's socket's CONNECT ("40…"), over
    // long-polling (where socket.io starts; packets are separated by \x1e) or a websocket frame.
    let socketConnected = false;
    const isConnectAck = (text: string) => text.split("\x1e").some((packet) => packet.startsWith("40"));
    page.on("response", (response) => {
      if (!response.url().includes("/socket.io/") || response.request().method() !== "GET") return;
      void response.text().then(
        (text) => {
          if (isConnectAck(text)) socketConnected = true;
        },
        () => undefined,
      );
    });
    page.on("websocket", (socket) => {
      socket.on("framereceived", ({ payload }) => {
        if (typeof payload === "string" && isConnectAck(payload)) socketConnected = true;
      });
    });
    // The banner is in the page's flow (server-rendered, ADR 045): a dialog opened with the page covers it, so the
    // choice is made on the page first, as a visitor would after closing the dialog.
    await page.goto("/");
    await waitForHydration(page);
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await page.goto("/?modal=login");
    await waitForHydration(page);
    const login = page.getByRole("dialog", { name: "Log in" });
    await login.getByLabel("Email", { exact: true }).fill(email);
    await login.getByLabel("Password").fill(password);
    await login.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByTestId("header-player").waitFor();
    await interact(page);
    await page.waitForFunction(() => Boolean((window as unknown as { __standIn?: { pixel?: boolean } }).__standIn?.pixel));
    await expect.poll(() => socketConnected, { timeout: 10_000 }).toBe(true);

    await api("/billing/deposit/test", { amount: "40", currency_guid: usd }, signed.access_token);
    await page.waitForFunction(() =>
      ((window as unknown as { __pixelCalls?: unknown[][] }).__pixelCalls ?? []).some((call) => call[1] === "Purchase"),
    );
    const purchases = await page.evaluate(() =>
      (window as unknown as { __pixelCalls: unknown[][] }).__pixelCalls.filter((call) => call[1] === "Purchase"),
    );
    expect(purchases).toEqual([["track", "Purchase", { value: 40, currency: "USD" }]]);
  });
});
