import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";
import { generateSW } from "workbox-build";

/** What builds/latest.json and builds/meta/{id}.json hold (seed 000: the build manifests the app polls). */
export type BuildInfo = { id: string; timestamp: number; version: string };

const BUILD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** BUILD_ID from the environment (a CI run or a commit), else a fresh one: every build must differ. */
export function newBuildId(fromEnv = process.env.BUILD_ID): string {
  if (fromEnv && BUILD_ID.test(fromEnv)) return fromEnv;
  return `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
}

/**
 * Writes builds/meta/{id}.json, then builds/latest.json (last, so a poller that sees the new id can
 * always fetch its meta). Both small, served with no-cache; a deploy is the moment latest.json changes.
 */
export async function writeBuildManifest(clientDir: string, info: BuildInfo): Promise<void> {
  if (!BUILD_ID.test(info.id)) throw new Error(`invalid build id ${info.id}`);
  const dir = path.join(clientDir, "builds");
  await fs.mkdir(path.join(dir, "meta"), { recursive: true });
  await fs.writeFile(path.join(dir, "meta", `${info.id}.json`), `${JSON.stringify(info)}\n`);
  const latest = path.join(dir, "latest.json");
  // Rename over the old file: a poll never reads a half-written manifest.
  await fs.writeFile(`${latest}.tmp`, `${JSON.stringify(info)}\n`);
  await fs.rename(`${latest}.tmp`, latest);
}

/**
 * The service worker (Workbox generateSW, runtime inlined into one /sw.js):
 * - precaches the app shell: hashed JS/CSS under assets/ (their names change with their content, so
 *   no revision is needed), the icons, the manifest and the offline page;
 * - page loads (navigations) always go to the network, never to a cache: a page can carry the
 *   player's data. When the network fails the precached offline page answers;
 * - nothing else is routed, so /api/*, the socket and images go straight to the network, uncached;
 * - a new worker waits (no skipWaiting) until the page asks it to take over, then the page reloads
 *   once: one tab never runs two builds' code (ADR 026).
 */
export async function buildServiceWorker(clientDir: string): Promise<{ count: number; size: number }> {
  const { count, size, warnings } = await generateSW({
    swDest: path.join(clientDir, "sw.js"),
    globDirectory: clientDir,
    globPatterns: ["assets/**/*.{js,css,woff2}", "icons/*.png", "favicon.svg", "manifest.webmanifest", "offline.html", "offline.js"],
    globIgnores: ["**/*.br", "**/*.gz", "builds/**", ".vite/**", "sw.js"],
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    inlineWorkboxRuntime: true,
    mode: "production",
    sourcemap: false,
    skipWaiting: false,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    cacheId: "croupier",
    runtimeCaching: [
      {
        urlPattern: ({ request, url }) => request.mode === "navigate" && !url.pathname.startsWith("/api/"),
        handler: "NetworkOnly",
        options: { precacheFallback: { fallbackURL: "/offline.html" } },
      },
    ],
  });
  for (const warning of warnings) console.warn(`service worker: ${warning}`);
  return { count, size };
}

/**
 * The web build's last step (client environment only): the build id is compiled into the app
 * (__BUILD_ID__, compared with what builds/latest.json says), then the build manifests and the
 * service worker are written next to the client files.
 */
export function appBuild(buildId: string): Plugin {
  return {
    name: "croupier:app-build",
    config: () => ({ define: { __BUILD_ID__: JSON.stringify(buildId) } }),
    applyToEnvironment: (environment) => environment.name === "client",
    async closeBundle() {
      const dir = this.environment.config.build.outDir;
      if (this.environment.config.command !== "build") return;
      const version = process.env.npm_package_version ?? "0.0.0";
      await writeBuildManifest(dir, { id: buildId, timestamp: Date.now(), version });
      const { count, size } = await buildServiceWorker(dir);
      this.environment.logger.info(`build ${buildId}: sw.js precaches ${count} files (${Math.round(size / 1024)} kB)`);
    },
  };
}
