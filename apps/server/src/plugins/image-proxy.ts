import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { createIPX } from "ipx";
import { IMAGE_WIDTHS_PX, isServedImageWidth } from "@croupier/contract/image-sizes";
import { AppError } from "../lib/app-error.ts";
import { createAddressBudget } from "../lib/address-budget.ts";

/**
 * GET /_ipx/{modifiers}/{src}: resized webp copies of the web app's public
 * images (the lobby's game art lives in its catalog/ folder).
 *
 * Modifiers, comma-separated: w_{px} (required) and f_webp. The width must be
 * one the web app draws (IMAGE_WIDTHS_PX, packages/contract/src/image-sizes.ts):
 * every other size, height, crop or quality would be a fresh resize (~0.25 s of
 * CPU) that bypasses the cache, so the list is closed. Resizes that miss the
 * cache are also rate-limited per address (IMAGE_RESIZES_PER_MINUTE). The source
 * is a path inside the public folder; URLs, "..", and anything that is not an
 * image are refused.
 */

const IMAGE_PATH = /^[A-Za-z0-9._\-/]+\.(svg|png|jpe?g|webp|avif|gif)$/i;
// Art is named by content and changes only with a deploy or an import; a day
// of caching (a week stale while revalidating) keeps the CDN busy instead of sharp.
const CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";
// Processed images kept in memory: the lobby asks for the same few sizes of the same tiles.
const MEMORY_BUDGET_BYTES = 48 * 1024 * 1024;
const MAX_MODIFIERS = 4;

type Modifiers = { w: string; f: "webp" };

function bad(message: string): AppError {
  return new AppError("BAD_REQUEST", message);
}

const SERVED_WIDTHS = IMAGE_WIDTHS_PX.join(", ");

function width(value: string): string {
  if (/^\d+(\.\d+)?vw$/.test(value))
    throw bad("width: vw sizes are chosen by the browser through srcset and sizes; ask for pixels here");
  const match = /^(\d{1,4})(px)?$/.exec(value);
  const n = match ? Number(match[1]) : NaN;
  if (!isServedImageWidth(n)) throw bad(`width: only ${SERVED_WIDTHS} pixels are served`);
  return String(n);
}

export function parseModifiers(text: string): Modifiers {
  const parts = text.split(/[,&]/);
  if (parts.length > MAX_MODIFIERS) throw bad("Too many image modifiers");
  let w: string | undefined;
  for (const part of parts) {
    const match = /^([a-z]+)[_:=](.+)$/.exec(part);
    if (!match) throw bad(`Unknown image modifier "${part.slice(0, 40)}"`);
    const [, key, value] = match as unknown as [string, string, string];
    if (key === "w" || key === "width") {
      w = width(value);
      continue;
    }
    if (key === "f" || key === "format") {
      if (value !== "webp") throw bad("format: only webp is served");
      continue;
    }
    throw bad(`Unknown image modifier "${key.slice(0, 20)}": only w_{width} and f_webp are served`);
  }
  if (!w) throw bad(`A width is required: w_{width} with one of ${SERVED_WIDTHS}`);
  return { w, f: "webp" };
}

function checkSource(src: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith("/"))
    throw bad("Images can only come from the web app's public folder, not from a URL");
  if (src.split("/").some((segment) => segment === ".." || segment === "." || segment === ""))
    throw bad("Invalid image path");
  if (src.length > 300 || !IMAGE_PATH.test(src)) throw bad("Not an image path of the public folder");
  return `/${src}`;
}

/** A byte-bounded LRU of processed images. */
class ImageCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  constructor(private readonly budget: number) {}
  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }
  set(key: string, value: Buffer): void {
    if (value.length > this.budget / 4) return;
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.entries.delete(oldKey);
      this.bytes -= old.length;
    }
  }
}

export type ImageProxyOptions = { dirs?: string[] };

export const imageProxyPlugin = fp(async (app: FastifyInstance, options: ImageProxyOptions) => {
  const dirs = (
    options.dirs ?? [
      path.resolve(import.meta.dirname, "../../../web/public"),
      path.join(app.env.WEB_BUILD_DIR, "client"),
    ]
  ).filter((dir) => fs.existsSync(dir));
  // Density 144 rasterises vector art at twice its drawn size, so a 2x tile stays sharp. ipx (and sharp with
  // it) is loaded on the first image request, not at every server start (ADR 039).
  let made: Promise<ReturnType<typeof createIPX>> | undefined;
  const makeIpx = async () => {
    const { createIPX, ipxFSStorage } = await import("ipx");
    return createIPX({ storage: ipxFSStorage({ dir: dirs }), sharpOptions: { density: 144 } });
  };
  const cache = new ImageCache(MEMORY_BUDGET_BYTES);
  const resizes = createAddressBudget({ per_minute: app.env.IMAGE_RESIZES_PER_MINUTE });

  app.get<{ Params: { modifiers: string; "*": string } }>(
    "/_ipx/:modifiers/*",
    { schema: { hide: true } },
    async (request, reply) => {
      const modifiers = parseModifiers(request.params.modifiers);
      const src = checkSource(request.params["*"]);
      if (dirs.length === 0) throw new AppError("NOT_FOUND", "Image not found");
      const ipx = await (made ??= makeIpx());
      const image = ipx(src, { ...modifiers });
      let mtime: number;
      try {
        mtime = (await image.getSourceMeta()).mtime?.getTime() ?? 0;
      } catch (error) {
        throw ipxError(error);
      }
      const key = `${src}|${JSON.stringify(modifiers)}|${mtime}`;
      const etag = `"${createHash("sha1").update(key).digest("base64url")}"`;
      reply.header("cache-control", CACHE_CONTROL).header("etag", etag);
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      let data = cache.get(key);
      if (!data) {
        const wait_s = resizes.take(request.ip);
        if (wait_s > 0) {
          reply.header("retry-after", String(wait_s));
          throw new AppError("RATE_LIMITED", `Too many image requests. Please try again in ${wait_s} seconds.`);
        }
        try {
          const result = await image.process();
          data = Buffer.isBuffer(result.data) ? result.data : Buffer.from(result.data);
        } catch (error) {
          throw ipxError(error);
        }
        cache.set(key, data);
      }
      return reply.type("image/webp").send(data);
    },
  );
}, { name: "croupier-image-proxy" });

function ipxError(error: unknown): AppError {
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 404 || status === 403) return new AppError("NOT_FOUND", "Image not found");
  if (status === 400) return bad("The source is not a readable image");
  throw error;
}
