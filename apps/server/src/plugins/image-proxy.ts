import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createIPX, ipxFSStorage } from "ipx";
import { AppError } from "../lib/app-error.ts";

/**
 * GET /_ipx/{modifiers}/{src}: resized webp copies of the web app's public
 * images (the lobby's game art lives in its catalog/ folder).
 *
 * Modifiers, comma-separated: w_{px}, h_{px}, s_{w}x{h} (cover crop), q_{1-100},
 * f_webp, fit_{cover|contain|inside}; "_" means none. Sizes are pixels
 * ("400" or "400px", at most 2048); a vw size is refused because only the
 * browser knows the viewport (it picks from the srcset by the sizes attribute),
 * so density 1 and 2 are simply two pixel sizes. The source is a path inside
 * the public folder; URLs, "..", and anything that is not an image are refused.
 */

const MAX_EDGE = 2048;
const IMAGE_PATH = /^[A-Za-z0-9._\-/]+\.(svg|png|jpe?g|webp|avif|gif)$/i;
// Art is named by content and changes only with a deploy or an import; a day
// of caching (a week stale while revalidating) keeps the CDN busy instead of sharp.
const CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";
// Processed images kept in memory: the lobby asks for the same few sizes of the same tiles.
const MEMORY_BUDGET_BYTES = 48 * 1024 * 1024;

type Modifiers = { w?: string; h?: string; s?: string; q?: string; fit?: string; f: "webp" };

function bad(message: string): AppError {
  return new AppError("BAD_REQUEST", message);
}

function pixels(name: string, value: string): number {
  if (/^\d+(\.\d+)?vw$/.test(value))
    throw bad(`${name}: vw sizes are chosen by the browser through srcset and sizes; ask for pixels here`);
  const match = /^(\d{1,4})(px)?$/.exec(value);
  const n = match ? Number(match[1]) : NaN;
  if (!(n >= 1 && n <= MAX_EDGE)) throw bad(`${name}: must be a pixel size from 1 to ${MAX_EDGE}, such as 400 or 400px`);
  return n;
}

export function parseModifiers(text: string): Modifiers {
  const out: Modifiers = { f: "webp" };
  if (text === "_") return out;
  const parts = text.split(/[,&]/);
  if (parts.length > 6) throw bad("Too many image modifiers");
  for (const part of parts) {
    const match = /^([a-z]+)[_:=](.+)$/.exec(part);
    if (!match) throw bad(`Unknown image modifier "${part.slice(0, 40)}"`);
    const [, key, value] = match as unknown as [string, string, string];
    switch (key) {
      case "w":
      case "width":
        out.w = String(pixels("width", value));
        break;
      case "h":
      case "height":
        out.h = String(pixels("height", value));
        break;
      case "s":
      case "resize": {
        const [w, h, extra] = value.split("x");
        if (!w || !h || extra !== undefined) throw bad("resize: must be {width}x{height}, such as s_200x150");
        out.s = `${pixels("width", w)}x${pixels("height", h)}`;
        break;
      }
      case "q":
      case "quality": {
        const q = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
        if (!(q >= 1 && q <= 100)) throw bad("quality: must be a whole number from 1 to 100");
        out.q = String(q);
        break;
      }
      case "f":
      case "format":
        if (value !== "webp") throw bad("format: only webp is served");
        break;
      case "fit":
        if (!["cover", "contain", "inside"].includes(value)) throw bad("fit: must be cover, contain or inside");
        out.fit = value;
        break;
      default:
        throw bad(`Unknown image modifier "${key.slice(0, 20)}"`);
    }
  }
  return out;
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
  // Density 144 rasterises vector art at twice its drawn size, so a 2x tile stays sharp.
  const ipx = createIPX({ storage: ipxFSStorage({ dir: dirs }), sharpOptions: { density: 144 } });
  const cache = new ImageCache(MEMORY_BUDGET_BYTES);

  app.get<{ Params: { modifiers: string; "*": string } }>(
    "/_ipx/:modifiers/*",
    { schema: { hide: true } },
    async (request, reply) => {
      const modifiers = parseModifiers(request.params.modifiers);
      const src = checkSource(request.params["*"]);
      if (dirs.length === 0) throw new AppError("NOT_FOUND", "Image not found");
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
});

function ipxError(error: unknown): AppError {
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 404 || status === 403) return new AppError("NOT_FOUND", "Image not found");
  if (status === 400) return bad("The source is not a readable image");
  throw error;
}
