import { defineConfig } from "vitest/config";

// One runner for the workspace. Server and package tests run in Node against a
// real database (PGlite by default, PostgreSQL with TEST_DATABASE_URL); web
// component tests run in jsdom. Browser (e2e) tests are separate: npm run test:e2e.
export default defineConfig({
  test: {
    // Two cores: more workers only fight over the CPU and the database.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: [
            "packages/*/src/**/*.test.ts",
            "packages/*/test/**/*.test.ts",
            "apps/server/test/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            "apps/house-games/src/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      "apps/web/vitest.config.ts",
      "apps/backoffice/vitest.config.ts",
      "apps/house-games/client/vitest.config.ts",
    ],
  },
});
