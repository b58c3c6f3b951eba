import { defineConfig } from "vitest/config";

// Browser tests: run through `npm run test:e2e` (scripts/e2e.mjs), which builds
// the web app, starts the real server on a fresh database and passes its URL
// in E2E_BASE_URL. One file at a time: each launches its own Chromium and the
// machine has two cores.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: "e2e",
    // scripts/e2e.mjs runs each server profile in turn: the default one runs every file but the
    // *.gb.e2e.ts ones, which need a server with the UK profile (JURISDICTION=gb, sms-auth on), and
    // promo-popups.e2e.ts, which needs the pop-ups' delays shortened (profile promo-popups).
    include: process.env.E2E_PROFILE === "gb" ? ["**/*.gb.e2e.ts"] : process.env.E2E_PROFILE === "promo-popups" ? ["**/promo-popups.e2e.ts"] : ["**/*.e2e.ts"],
    exclude:
      process.env.E2E_PROFILE === "gb" || process.env.E2E_PROFILE === "promo-popups"
        ? ["**/node_modules/**"]
        : ["**/node_modules/**", "**/*.gb.e2e.ts", "**/promo-popups.e2e.ts"],
    environment: "node",
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
