import { defineConfig } from "vitest/config";

// Node 25+ has Web Storage of its own on globalThis (reading undefined without --localstorage-file), and
// vitest 4's jsdom environment keeps a global that already exists, so jsdom's Storage never arrives and
// `localStorage` is undefined in the tests. Turning Node's off in the test workers gives them jsdom's, as
// on Node 22 and 24 (where the flag is not needed; Node 20 does not know it).
const execArgv = "localStorage" in globalThis ? ["--no-experimental-webstorage"] : [];

export default defineConfig({
  test: { name: "web", environment: "jsdom", include: ["app/**/*.test.{ts,tsx}"], passWithNoTests: true, execArgv, setupFiles: ["./vitest.setup.ts"] },
});
