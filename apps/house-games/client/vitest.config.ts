import { defineConfig } from "vitest/config";

export default defineConfig({
  oxc: { jsx: { runtime: "automatic" } },
  test: { name: "house-client", environment: "jsdom", include: ["src/**/*.test.{ts,tsx}"] },
});
