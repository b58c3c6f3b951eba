import sharp from "sharp";
import { IMAGE_WIDTHS_PX } from "@croupier/contract/image-sizes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";

let ctx: TestContext;
// A small resize budget so the limit is reachable; every test's misses come from its own address.
const RESIZES_PER_MINUTE = 6;
beforeAll(async () => {
  ctx = await buildTestApp({ IMAGE_RESIZES_PER_MINUTE: String(RESIZES_PER_MINUTE) });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const ICON = "catalog/games/slot-pharaoh-gold.svg";
let address = 0;
const nextAddress = () => `198.51.100.${++address}`;
const get = (url: string, headers: Record<string, string> = {}, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: "GET", url, headers, remoteAddress });

describe("image proxy /_ipx/{modifiers}/{src}", () => {
  it("serves catalogue art as webp at the web app's sizes, densities 1 and 2", async () => {
    expect(IMAGE_WIDTHS_PX).toEqual([40, 80, 200, 400]);
    for (const [modifiers, width] of [
      ["w_200,f_webp", 200],
      ["w_400,f_webp", 400],
      ["w_40", 40],
      ["f_webp,w_80px", 80],
    ] as const) {
      const res = await get(`/_ipx/${modifiers}/${ICON}`);
      expect(res.statusCode, modifiers).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toContain("public");
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], modifiers).toEqual(["webp", width, width]);
    }
  });

  it("answers a repeat with 304 when the etag matches", async () => {
    const first = await get(`/_ipx/w_200/${ICON}`);
    const again = await get(`/_ipx/w_200/${ICON}`, { "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    const otherSize = await get(`/_ipx/w_400/${ICON}`);
    expect(otherSize.headers.etag).not.toBe(first.headers.etag);
  });

  it("refuses every size, crop and quality the web app does not draw (each would be a fresh resize)", async () => {
    for (const modifiers of [
      "w_100", "w_201", "w_399", "w_50vw", "w_50%25", "w_0", "w_5000", "w_1e3", "h_64", "s_200x150", "w_200,h_200",
      "w_200,q_70", "w_200,fit_cover", "q_0", "f_png", "f_webp", "_", "blur_5", "rotate_90", "w_200,f_webp,w_400,f_webp,w_40",
    ]) {
      const res = await get(`/_ipx/${modifiers}/${ICON}`);
      expect(res.statusCode, modifiers).toBe(400);
      expect(res.json().payload.code).toBe("BAD_REQUEST");
    }
    expect((await get(`/_ipx/w_100/${ICON}`)).json().payload.message).toBe("width: only 40, 80, 200, 400 pixels are served");
    expect((await get(`/_ipx/w_50vw/${ICON}`)).json().payload.message).toContain("vw");
  });

  it("limits resizes per address: cache misses past the budget get 429 with Retry-After; hits and others go on", async () => {
    const sources = ["dice-dice-duel", "dice-hi-lo-dice", "roulette-mini-roulette", "slot-aurora-wilds"].map(
      (name) => `catalog/games/${name}.svg`,
    );
    const greedy = "203.0.113.7";
    const misses = sources.flatMap((src) => IMAGE_WIDTHS_PX.map((width) => `/_ipx/w_${width}/${src}`));
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof get>> | undefined;
    for (const url of misses) {
      const res = await get(url, {}, greedy);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) limited ??= res;
    }
    // The first few misses fill the cache (some of these were cached by earlier tests and cost nothing).
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(RESIZES_PER_MINUTE);
    expect(limited?.json().payload).toMatchObject({ code: "RATE_LIMITED" });
    expect(limited?.json().payload.message).toMatch(/try again in \d+ seconds/);
    expect(Number(limited?.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // A cached image costs nothing: still served to the same address.
    expect((await get(`/_ipx/w_200/${ICON}`, {}, greedy)).statusCode).toBe(200);
    // Another address has its own budget.
    const refused = misses[statuses.lastIndexOf(429)]!;
    expect((await get(refused, {}, "203.0.113.8")).statusCode).toBe(200);
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
      const res = await get(`/_ipx/w_200/${src}`);
      expect([400, 404], src).toContain(res.statusCode);
      expect(res.headers["content-type"], src).not.toBe("image/webp");
    }
    const missing = await get(`/_ipx/w_200/catalog/games/no-such-game.svg`);
    expect(missing.statusCode).toBe(404);
  });
});
