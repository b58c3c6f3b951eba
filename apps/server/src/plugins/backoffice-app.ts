import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

type Options = { buildDir: string };

/**
 * The console's policy. Its index.html has no inline script (Vite emits one module script tag), so scripts
 * come from this origin only, without nonces. Styles allow inline: Radix positions its popovers and sonner
 * its toasts with style attributes. connect-src is this origin and its websocket origin (live chat's
 * Socket.IO namespace), never another host. The console is never framed.
 */
export function backofficeContentSecurityPolicy(websocketOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${websocketOrigin}`,
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Added to every page and asset of the console, on top of the app-wide helmet headers. */
const CONSOLE_HEADERS = {
  "x-frame-options": "DENY",
  "x-robots-tag": "noindex, nofollow",
  "referrer-policy": "no-referrer",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};

/**
 * Serves the built console (apps/backoffice/build) at /backoffice: hashed files under /backoffice/assets/
 * cached for a year, and index.html for every other /backoffice path (the console routes in the browser).
 * A missing asset is a 404, never the HTML page (a stale tab must fail loudly, not parse HTML as script).
 * Not wrapped in fastify-plugin: its static handler stays scoped here.
 */
export async function backofficeAppPlugin(app: FastifyInstance, { buildDir }: Options) {
  const indexHtml = fs.readFileSync(path.join(buildDir, "index.html"));

  await app.register(fastifyStatic, {
    root: path.join(buildDir, "assets"),
    prefix: "/backoffice/assets/",
    index: false,
    decorateReply: false,
    // send's own "max-age=0" would otherwise replace the cache-control set below.
    cacheControl: false,
    setHeaders: (res) => {
      for (const [name, value] of Object.entries(CONSOLE_HEADERS)) res.setHeader(name, value);
      res.setHeader("cache-control", "public, max-age=31536000, immutable");
    },
  });

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const websocketOrigin = `${request.protocol === "https" ? "wss" : "ws"}://${request.host}`;
    return reply
      .headers(CONSOLE_HEADERS)
      .header("content-security-policy", backofficeContentSecurityPolicy(websocketOrigin))
      // Tiny and names the current hashed bundle: always revalidated, so a deployment shows at once.
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(indexHtml);
  };

  app.route({ method: ["GET", "HEAD"], url: "/backoffice", schema: { hide: true }, handler: page });
  app.route({ method: ["GET", "HEAD"], url: "/backoffice/*", schema: { hide: true }, handler: page });
}
