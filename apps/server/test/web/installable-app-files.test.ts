import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/env.ts";
import { webAppPlugin } from "../../src/plugins/web-app.ts";

// A minimal web build on disk (what `npm run build -w apps/web` writes, reduced to the files under test):
// the static handler is what answers them, the render is never reached.
let dir: string;
let app: FastifyInstance;

async function write(file: string, body: string) {
  await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await fs.writeFile(path.join(dir, file), body);
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "croupier-web-build-"));
  await write("server/index.js", "export const entry = { module: {} }; export const routes = {}; export const assets = {};\n");
  await write("client/sw.js", "self.addEventListener('fetch', () => {});\n");
  await write("client/manifest.webmanifest", JSON.stringify({ name: "Croupier", display: "standalone" }));
  await write("client/offline.html", "<!doctype html><title>You are offline</title>");
  await write("client/builds/latest.json", JSON.stringify({ id: "b1", timestamp: 1, version: "0.1.0" }));
  await write("client/builds/meta/b1.json", JSON.stringify({ id: "b1", timestamp: 1, version: "0.1.0" }));
  await write("client/assets/entry-abc123.js", "export {};\n");
  await write("client/favicon.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
  // The build's compressed copies, sent in place of the file to a browser that accepts them.
  await write("client/assets/entry-abc123.js.br", "brotli bytes");
  await write("client/sw.js.gz", "gzip bytes");
  app = Fastify();
  app.decorate("env", loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }));
  await app.register(webAppPlugin, { buildDir: dir });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe("the installable app's files (issue #19, ADR 026)", () => {
  it("serves /sw.js as JavaScript that browsers must revalidate on every update check", async () => {
    const response = await app.inject({ method: "GET", url: "/sw.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    // A worker runs under its script's policy: the API's default-src 'none' would block every precache fetch.
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toContain("'none';frame");
  });

  it("serves the offline page under a policy that lets its own stylesheet and script run", async () => {
    const response = await app.inject({ method: "GET", url: "/offline.html?__WB_REVISION__=abc" });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers["content-security-policy"])).toContain("default-src 'self'");
  });

  it("serves the web app manifest with its media type, revalidated", async () => {
    const response = await app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("serves builds/latest.json and builds/meta/{id}.json as JSON with no-cache, so a poll sees a deploy at once", async () => {
    for (const url of ["/builds/latest.json", "/builds/meta/b1.json"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.json()).toMatchObject({ id: "b1", version: "0.1.0" });
    }
  });

  it("keeps a year's immutable caching for hashed assets and an hour for other public files", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/entry-abc123.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await app.inject({ method: "GET", url: "/favicon.svg" });
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    const offline = await app.inject({ method: "GET", url: "/offline.html" });
    expect(offline.headers["cache-control"]).toBe("no-cache");
  });

  it("sends a file's compressed copy when accepted, at the top and in folders; a missing file in a folder is a 404, not a page", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/entry-abc123.js", headers: { "accept-encoding": "br" } });
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(asset.body).toBe("brotli bytes");
    const worker = await app.inject({ method: "GET", url: "/sw.js", headers: { "accept-encoding": "gzip" } });
    expect(worker.headers["content-encoding"]).toBe("gzip");
    expect(worker.body).toBe("gzip bytes");
    const plain = await app.inject({ method: "GET", url: "/sw.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const head = await app.inject({ method: "HEAD", url: "/assets/entry-abc123.js" });
    expect(head.statusCode).toBe(200);
    const missing = await app.inject({ method: "GET", url: "/assets/entry-gone.js" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).not.toMatch(/html/);
    // Nothing outside the client folder is reachable through a folder's route.
    const escape = await app.inject({ method: "GET", url: "/assets/..%2f..%2fserver/index.js" });
    expect(escape.statusCode).not.toBe(200);
  });
});
