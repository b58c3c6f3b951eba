import { defineConfig } from "vitest/config";

// Same reason as apps/web/vitest.config.ts: Node 25+'s own Web Storage would hide jsdom's sessionStorage.
const execArgv = "localStorage" in globalThis ? ["--no-experimental-webstorage"] : [];

export default defineConfig({
  test: { name: "backoffice", environment: "jsdom", include: ["app/**/*.test.{ts,tsx}"], passWithNoTests: true, execArgv, setupFiles: ["./vitest.setup.ts"] },
});
