import { defineConfig } from "vitest/config";

// Node 25+ shadows jsdom's localStorage with its own; see apps/web/vitest.config.ts.
const execArgv = "localStorage" in globalThis ? ["--no-experimental-webstorage"] : [];

export default defineConfig({
  oxc: { jsx: { runtime: "automatic" } },
  test: { name: "house-client", environment: "jsdom", include: ["src/**/*.test.{ts,tsx}"], execArgv },
});
