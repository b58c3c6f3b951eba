import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
import { io as connectSocket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../src/app.ts";
import { loadEnv } from "../../src/env.ts";
import { startBackofficeListener, type BackofficeListener } from "../../src/lib/backoffice-listener.ts";
import { backofficeAppPlugin } from "../../src/plugins/backoffice-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";

// The staff console at /backoffice (a stand-in build: the real one is built by `npm run build`), and
// BACKOFFICE_PORT: the console and /api/backoffice/v1 only on their own listener.

const INDEX_HTML = '<!doctype html><html><head><script type="module" crossorigin src="/backoffice/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';
const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "backoffice-build-"));
fs.mkdirSync(path.join(buildDir, "assets"));
fs.writeFileSync(path.join(buildDir, "index.html"), INDEX_HTML);
fs.writeFileSync(path.join(buildDir, "assets", "index-Ab12Cd34.js"), "console.log('console');\n");

type Started = { app: App; database: TestDatabase };
const started: Started[] = [];

async function start(overrides: Record<string, string>): Promise<App> {
  const database = await createTestDatabase();
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false", ...overrides });
  const app = await buildApp({ env, database, logger: false });
  await app.register(backofficeAppPlugin, { buildDir });
  await app.ready();
  started.push({ app, database });
  return app;
}

afterAll(async () => {
  for (const { app, database } of started) {
    await app.close();
    await database.close();
  }
  fs.rmSync(buildDir, { recursive: true, force: true });
});

describe("the console on the main listener", () => {
  let app: App;
  beforeAll(async () => {
    app = await start({});
  }, 120_000);

  it("answers index.html for /backoffice and every path under it, with the console's strict policy", async () => {
    for (const url of ["/backoffice", "/backoffice/", "/backoffice/staff", "/backoffice/players/8f0e/notes?tab=1"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers["cache-control"]).toBe("no-cache");
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("connect-src 'self' ws://localhost:80");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
      expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
    }
    const head = await app.inject({ method: "HEAD", url: "/backoffice/audit-log" });
    expect(head.statusCode).toBe(200);
  });

  it("serves hashed assets for a year and a missing one as a 404, never as the page", async () => {
    const asset = await app.inject({ method: "GET", url: "/backoffice/assets/index-Ab12Cd34.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.body).toContain("console.log");

    const missing = await app.inject({ method: "GET", url: "/backoffice/assets/index-gone.js" });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain("<html");
    const escape = await app.inject({ method: "GET", url: "/backoffice/assets/..%2f..%2findex.html" });
    // send refuses the traversal (403) before looking for the file; either way, never the build's page.
    expect([403, 404]).toContain(escape.statusCode);
    expect(escape.body).not.toContain("<html");
  });

  it("leaves the back-office API to its routes (a JSON 404 for an unknown one, not the page)", async () => {
    const response = await app.inject({ method: "GET", url: "/api/backoffice/v1/no-such-route" });
    expect(response.statusCode).not.toBe(200);
    expect(response.body).not.toContain("<html");
  });
});

describe("BACKOFFICE_PORT: the console and its API on their own listener only", () => {
  let app: App;
  let listener: BackofficeListener;
  let staff: TestStaff;
  let publicOrigin: string;
  let backofficeOrigin: string;

  beforeAll(async () => {
    app = await start({ BACKOFFICE_PORT: "39999" });
    staff = await createTestStaff({ app, database: started.at(-1)!.database, close: async () => undefined }, "support");
    await app.listen({ host: "127.0.0.1", port: 0 });
    publicOrigin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // The configured port is only the operator's; the test takes any free one.
    listener = await startBackofficeListener(app, { host: "127.0.0.1", port: 0 });
    backofficeOrigin = `http://127.0.0.1:${listener.port}`;
  }, 120_000);

  afterAll(async () => {
    await listener?.close();
  });

  const get = (origin: string, url: string, headers: Record<string, string> = {}) => fetch(origin + url, { headers });

  it("the public listener answers 404 for the console and the back-office API, even to a valid staff token", async () => {
    for (const url of ["/backoffice", "/backoffice/staff", "/backoffice/assets/index-Ab12Cd34.js", "/api/backoffice/v1/me"]) {
      const response = await get(publicOrigin, url, staff.headers);
      expect(response.status, url).toBe(404);
      const body = (await response.json()) as { status: string; payload: { code: string } };
      expect(body.payload.code).toBe("NOT_FOUND");
    }
    // The rest of the platform is still there.
    expect((await get(publicOrigin, "/healthz")).status).toBe(200);
    expect((await get(publicOrigin, "/api/v1/no-such-route")).status).toBe(404);
  });

  it("the back-office listener serves the console, its assets and the staff API", async () => {
    const page = await get(backofficeOrigin, "/backoffice/staff");
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(INDEX_HTML);
    expect(page.headers.get("content-security-policy")).toContain(`connect-src 'self' ws://127.0.0.1:${listener.port}`);

    const asset = await get(backofficeOrigin, "/backoffice/assets/index-Ab12Cd34.js");
    expect(asset.status).toBe(200);

    const me = await get(backofficeOrigin, "/api/backoffice/v1/me", staff.headers);
    expect(me.status).toBe(200);
    const body = (await me.json()) as { payload: { id: string; role: string } };
    expect(body.payload).toMatchObject({ id: staff.staffId, role: "support" });

    expect((await get(backofficeOrigin, "/api/backoffice/v1/me")).status).toBe(401);
  });

  it("the back-office listener serves nothing else but its health checks", async () => {
    for (const url of ["/", "/api/v1/catalog/games", "/api/docs/json", "/dev/outbox", "/house/verify"]) {
      expect((await get(backofficeOrigin, url)).status, url).toBe(404);
    }
    expect((await get(backofficeOrigin, "/healthz")).status).toBe(200);
  });

  /** Connects a console socket (live chat's /backoffice namespace) with the staff token; resolves how it went. */
  const staffSocket = (origin: string) =>
    new Promise<string>((resolve) => {
      const socket = connectSocket(`${origin}/backoffice`, {
        path: "/socket.io",
        transports: ["websocket"],
        reconnection: false,
        forceNew: true,
        auth: { token: staff.headers.authorization.slice("Bearer ".length) },
        timeout: 5_000,
      });
      socket.once("connect", () => {
        socket.disconnect();
        resolve("connected");
      });
      socket.once("connect_error", (error) => {
        socket.disconnect();
        resolve(`refused: ${error.message}`);
      });
    });

  it("the console's socket namespace answers only on the back-office listener", async () => {
    expect(await staffSocket(backofficeOrigin)).toBe("connected");
    expect(await staffSocket(publicOrigin)).toBe("refused: unauthorized");
  });

  it("an in-process request (app.inject, the web app's server render) never counts as the back-office listener", async () => {
    const response = await app.inject({ method: "GET", url: "/api/backoffice/v1/me", headers: staff.headers });
    expect(response.statusCode).toBe(404);
  });
});
