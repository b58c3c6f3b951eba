import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { appBuild, newBuildId } from "./app-build";
import { firstLoadChunks } from "./first-load-chunks";
import { precompressAssets } from "./precompress-assets";

// `npm run dev`: the web app on :3000, the API on API_ORIGIN (default :3001) behind this proxy,
// so the browser sees one origin exactly as in production. Keys starting with ^ are regular
// expressions: "/dev" must not swallow a page such as "/devices".
const chunks = firstLoadChunks();

// React Router 7 exports only its development build (remix-run/react-router#12532, #14102): the browser's
// copy is its production build instead, whose only difference is ENABLE_DEV_WARNINGS = false, so the
// bundler drops the warnings' code. The server keeps the exported copy: a second one there would be a
// second router context for the packages that import react-router themselves.
const routerDist = path.join(path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")), "dist/production");
const routerProduction: Plugin = {
  name: "croupier:react-router-production",
  apply: "build",
  enforce: "pre",
  resolveId(source) {
    if (this.environment.name !== "client") return null;
    if (source === "react-router") return path.join(routerDist, "index.mjs");
    if (source === "react-router/dom") return path.join(routerDist, "dom-export.mjs");
    return null;
  },
};
const apiOrigin = process.env.API_ORIGIN ?? "http://localhost:3001";

export default defineConfig({
  // appBuild: the build id, builds/latest.json and the service worker (issue #19, ADR 026).
  plugins: [routerProduction, tailwindcss(), reactRouter(), chunks.plugin, precompressAssets(), appBuild(newBuildId())],
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
