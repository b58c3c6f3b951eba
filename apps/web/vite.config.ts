import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { appBuild, newBuildId } from "./app-build";
import { firstLoadChunks } from "./first-load-chunks";
import { precompressAssets } from "./precompress-assets";

// `npm run dev`: the web app on :3000, the API on API_ORIGIN (default :3001) behind this proxy,
// so the browser sees one origin exactly as in production. Keys starting with ^ are regular
// expressions: "/dev" must not swallow a page such as "/devices".
const chunks = firstLoadChunks();
const apiOrigin = process.env.API_ORIGIN ?? "http://localhost:3001";

export default defineConfig({
  // appBuild: the build id, builds/latest.json and the service worker (issue #19, ADR 026).
  plugins: [tailwindcss(), reactRouter(), chunks.plugin, precompressAssets(), appBuild(newBuildId())],
  // Keep build/client/.vite/manifest.json (React Router deletes it otherwise): `npm run size` reads it.
  build: { manifest: true },
  environments: { client: chunks.client },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      "^/(api|_ipx|dev)(/.*)?$": { target: apiOrigin },
      "^/(healthz|readyz|metrics)$": { target: apiOrigin },
      "/socket.io": { target: apiOrigin, ws: true },
    },
  },
});
