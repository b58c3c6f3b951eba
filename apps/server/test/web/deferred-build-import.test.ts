import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/app.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { serveWebBuild, writeFakeWebBuild } from "./fake-web-build.ts";

// ADR 039 (start-up): the server opens its port before the web build is imported; pages wait for it.

const BUILD = (label: string) => `
globalThis.__webImports = (globalThis.__webImports ?? 0) + 1;
const handler = async () => new Response("<!doctype html><title>${label}</title>", { headers: { "content-type": "text/html; charset=utf-8" } });
export const entry = { module: { createRequestHandler: () => handler } };
export const routes = {}; export const assets = {};
`;

type FakeBuild = Awaited<ReturnType<typeof writeFakeWebBuild>>;
let good: FakeBuild;
let broken: FakeBuild;
let ctx: TestContext;
const sites: App[] = [];
const imports = () => (globalThis as { __webImports?: number }).__webImports ?? 0;

async function site(buildDir: string, deferImport: (start: () => Promise<void>) => void) {
  const app = await serveWebBuild(ctx, { buildDir, pageCache: false, deferImport });
  sites.push(app);
  return app;
}

beforeAll(async () => {
  good = await writeFakeWebBuild(BUILD("deferred"));
  broken = await writeFakeWebBuild("throw new Error('broken build');");
  ctx = await buildTestApp();
}, 300_000);

afterAll(async () => {
  for (const app of sites) await app.close();
  await ctx?.close();
  await good?.remove();
  await broken?.remove();
});

describe("webAppPlugin with deferImport", () => {
  it("is ready without importing the build; a page before the start imports it once and waits for it; the start then finds it loaded", async () => {
    let start: (() => Promise<void>) | undefined;
    const before = imports();
    const app = await site(good.dir, (begin) => (start = begin));
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
    const app = await site(broken.dir, (begin) => (start = begin));
    await expect(start!()).rejects.toThrow("broken build");
    const page = await app.inject({ method: "GET", url: "/" });
    expect(page.statusCode).toBe(500);
  });
});
