import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyReply } from "fastify";

export const DEFAULT_CLIENT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../client/dist");

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".json": "application/json",
  ".mp3": "audio/mpeg",
  ".ogg": "audio/ogg",
  ".woff2": "font/woff2",
  ".map": "application/json",
};

// Game pages are framed by the platform's game page on the same origin; they only talk to /house/api.
const PAGE_CSP = "default-src 'self'; img-src 'self' data: blob:; media-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/** The client's index.html with the boot object in a non-executed JSON script tag. */
export function sendClientPage(reply: FastifyReply, distDir: string, boot: Record<string, unknown>) {
  const file = path.join(distDir, "index.html");
  // "<" is escaped so a crafted query parameter cannot close the script element.
  const json = JSON.stringify(boot).replace(/</g, "\\u003c");
  const tag = `<script id="house-boot" type="application/json">${json}</script>`;
  const html = fs.existsSync(file)
    ? fs.readFileSync(file, "utf8").replace("</head>", `${tag}</head>`)
    : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>House games</title>${tag}</head><body><p>The game client is not built yet (npm run build -w apps/house-games).</p></body></html>`;
  return reply
    .header("content-security-policy", PAGE_CSP)
    .header("x-frame-options", "SAMEORIGIN")
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(html);
}

/** A built asset from dist/assets; anything outside that folder is a 404. */
export function sendAsset(reply: FastifyReply, distDir: string, relative: string) {
  const root = path.join(distDir, "assets");
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    return reply.status(404).type("text/plain").send("Not found");
  }
  return reply
    .header("cache-control", "public, max-age=31536000, immutable")
    .type(TYPES[path.extname(file)] ?? "application/octet-stream")
    .send(fs.createReadStream(file));
}
