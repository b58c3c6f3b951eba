import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildApp, type App } from "../../src/app.ts";
import { loadEnv } from "../../src/env.ts";
import { webAppPlugin, type WebAppOptions } from "../../src/plugins/web-app.ts";
import type { TestContext } from "../helpers/build-test-app.ts";

/**
 * A web build on disk, reduced to what the test needs: `serverIndex` is its server entry (the render
 * under test, with `entry`, `routes` and `assets` exports), and an empty client folder.
 */
export async function writeFakeWebBuild(serverIndex: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "croupier-fake-web-build-"));
  await fs.mkdir(path.join(dir, "server"), { recursive: true });
  await fs.mkdir(path.join(dir, "client"), { recursive: true });
  await fs.writeFile(path.join(dir, "server/index.js"), serverIndex);
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** The real app on the test context's database, serving a (fake) web build. */
export async function serveWebBuild(
  ctx: TestContext,
  options: WebAppOptions,
  envOverrides: Record<string, string> = {},
): Promise<App> {
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false", ...envOverrides });
  const site = await buildApp({ env, database: ctx.database, logger: false });
  await site.register(webAppPlugin, options);
  await site.ready();
  return site;
}
