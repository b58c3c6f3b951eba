import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../src/app.ts";
import { loadEnv } from "../../src/env.ts";
import { webAppPlugin } from "../../src/plugins/web-app.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";

// ADR 039 (start-up): the server opens its port before the web build is imported; pages wait for it.

const BUILD = (label: string) => `
globalThis.__webImports = (globalThis.__webImports ?? 0) + 1;
const handler = async () => new Response("<!doctype html><title>${label}</title>", { headers: { "content-type": "text/html; charset=utf-8" } });
export const entry = { module: { createRequestHandler: () => handler } };
export const routes = {}; export const assets = {};
`;

let dir: string;
let ctx: TestContext;
const sites: App[] = [];
const imports = () => (globalThis as { __webImports?: number }).__webImports ?? 0;

async function site(buildDir: string, deferImport: (start: () => Promise<void>) => void) {
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false" });
  const app = await buildApp({ env, database: ctx.database, logger: false });
  await app.register(webAppPlugin, { buildDir, pageCache: false, deferImport });
  await app.ready();
  sites.push(app);
  return app;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "croupier-deferred-build-"));
  for (const name of ["good", "broken"]) {
    await fs.mkdir(path.join(dir, name, "server"), { recursive: true });
    await fs.mkdir(path.join(dir, name, "client"), { recursive: true });
  }
  await fs.writeFile(path.join(dir, "good/server/index.js"), BUILD("deferred"));
  await fs.writeFile(path.join(dir, "broken/server/index.js"), "throw new Error('broken build');");
  ctx = await buildTestApp();
}, 300_000);

afterAll(async () => {
  for (const app of sites) await app.close();
  await ctx?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe("webAppPlugin with deferImport", () => {
  it("is ready without importing the build; a page before the start imports it once and waits for it; the start then finds it loaded", async () => {
    let start: (() => Promise<void>) | undefined;
    const before = imports();
    const app = await site(path.join(dir, "good"), (begin) => (start = begin));
    expect(imports()).toBe(before);
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(imports()).toBe(before);

    const [first, second] = await Promise.all([
      app.inject({ method: "GET", url: "/" }),
      app.inject({ method: "GET", url: "/slots" }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("<title>deferred</title>");
    expect(second.statusCode).toBe(200);
    await start!();
    expect(imports()).toBe(before + 1);
  });

  it("a build that cannot load rejects the start (server.ts stops the process) and pages answer 500", async () => {
    let start: (() => Promise<void>) | undefined;
    const app = await site(path.join(dir, "broken"), (begin) => (start = begin));
    await expect(start!()).rejects.toThrow("broken build");
    const page = await app.inject({ method: "GET", url: "/" });
    expect(page.statusCode).toBe(500);
  });
});
