import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The house provider's game client: a plain React SPA served by the provider under /house/
// (play pages and the public verify page). No React plugin: Vite's built-in Oxc transform
// handles TSX with the automatic runtime, and the client needs no fast refresh.
const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  base: "/house/",
  oxc: { jsx: { runtime: "automatic" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
  },
  server: {
    // `vite --config apps/house-games/client/vite.config.ts`: the API lives on the platform server.
    proxy: { "^/house/api(/.*)?$": { target: process.env.API_ORIGIN ?? "http://localhost:3001" } },
  },
});
