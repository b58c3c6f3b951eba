import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const ICON = "catalog/games/slot-pharaoh-gold.svg";
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: "GET", url, headers });

describe("image proxy /_ipx/{modifiers}/{src}", () => {
  it("serves catalogue art as webp at the asked pixel size, densities 1 and 2", async () => {
    for (const [modifiers, width, height] of [
      ["s_200x150", 200, 150],
      ["s_400x300", 400, 300],
      ["w_120,q_70", 120, 120],
      ["f_webp,w_400px", 400, 400],
      ["h_64", 64, 64],
    ] as const) {
      const res = await get(`/_ipx/${modifiers}/${ICON}`);
      expect(res.statusCode, modifiers).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toContain("public");
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], modifiers).toEqual(["webp", width, height]);
    }
  });

  it("answers a repeat with 304 when the etag matches", async () => {
    const first = await get(`/_ipx/w_100/${ICON}`);
    const again = await get(`/_ipx/w_100/${ICON}`, { "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    const otherSize = await get(`/_ipx/w_101/${ICON}`);
    expect(otherSize.headers.etag).not.toBe(first.headers.etag);
  });

  it("rejects bad modifiers", async () => {
    for (const modifiers of ["w_50vw", "w_50%25", "w_0", "w_5000", "s_200", "q_0", "q_101", "f_png", "blur_5", "w_1e3", "rotate_90"]) {
      const res = await get(`/_ipx/${modifiers}/${ICON}`);
      expect(res.statusCode, modifiers).toBe(400);
      expect(res.json().payload.code).toBe("BAD_REQUEST");
    }
    expect((await get(`/_ipx/w_50vw/${ICON}`)).json().payload.message).toContain("vw");
  });

  it("refuses foreign sources, path escapes and non-images", async () => {
    for (const src of [
      "https://example.com/cat.png",
      "http:/example.com/x.png",
      "%2F%2Fexample.com/x.png",
      "catalog/../../../../etc/passwd",
      "catalog/%2E%2E/%2E%2E/package.json",
      "file:///etc/passwd",
      "catalog/games/readme.txt",
    ]) {
      const res = await get(`/_ipx/w_100/${src}`);
      expect([400, 404], src).toContain(res.statusCode);
      expect(res.headers["content-type"], src).not.toBe("image/webp");
    }
    const missing = await get(`/_ipx/w_100/catalog/games/no-such-game.svg`);
    expect(missing.statusCode).toBe(404);
  });
});
