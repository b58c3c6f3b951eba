import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The staff console: a client-only app served by the API server at /backoffice (plugins/backoffice-app.ts).
// `npm run dev -w apps/backoffice`: the console on :3002, the API on API_ORIGIN (default :3001) behind
// this proxy, so the browser sees one origin exactly as in production.
const apiOrigin = process.env.API_ORIGIN ?? "http://localhost:3001";

export default defineConfig({
  base: "/backoffice/",
  plugins: [react(), tailwindcss()],
  build: { outDir: "build", emptyOutDir: true, sourcemap: false },
  server: {
    port: 3002,
    strictPort: true,
    proxy: { "/api/backoffice": { target: apiOrigin }, "/socket.io": { target: apiOrigin, ws: true } },
  },
});
