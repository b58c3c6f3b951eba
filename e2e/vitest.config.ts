import { defineConfig } from "vitest/config";

// Browser tests: run through `npm run test:e2e` (scripts/e2e.mjs), which builds
// the web app, starts the real server on a fresh database and passes its URL
// in E2E_BASE_URL. One file at a time: each launches its own Chromium and the
// machine has two cores.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: "e2e",
    include: ["**/*.e2e.ts"],
    environment: "node",
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
