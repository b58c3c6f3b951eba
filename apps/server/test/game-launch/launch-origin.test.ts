import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";

// Issue #13 item 16: a newcomer who opens the demo at http://127.0.0.1:3000 instead of localhost must get
// a game frame on the origin they used (the game page's frame-ancestors 'self' refuses any other), while a
// Host header that is not a loopback name never steers the launch URL.

let ctx: TestContext;

async function openDemo(t: TestContext, host: string) {
  const [slot] = await t.database.query<{ guid: string }>(
    "SELECT guid FROM games WHERE external_guid = 'house:slot-pharaoh-gold'",
  );
  return t.app.inject({
    method: "POST",
    url: "/api/v1/game/open",
    headers: { host },
    payload: { is_demo: true, game_guid: slot!.guid, language_code: "en", device: "desktop" },
  });
}

const launchOf = (res: { statusCode: number; body: string; json: () => { payload: { game_url: string } } }) => {
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().payload.game_url);
  return { origin: url.origin, parentOrigin: url.searchParams.get("parent_origin") };
};

beforeAll(async () => {
  // No PUBLIC_URL: the default (http://localhost:3123) is what a newcomer runs with.
  ctx = await buildTestApp({ PORT: "3123" }, { demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

describe("launch URLs without PUBLIC_URL follow the loopback name the player used", () => {
  it("Host 127.0.0.1:PORT gives a launch URL and parent_origin on http://127.0.0.1:PORT", async () => {
    const launch = launchOf(await openDemo(ctx, "127.0.0.1:3123"));
    expect(launch).toEqual({ origin: "http://127.0.0.1:3123", parentOrigin: "http://127.0.0.1:3123" });
  });

  it("also for [::1], localhost and *.localhost names", async () => {
    expect(launchOf(await openDemo(ctx, "[::1]:3123")).origin).toBe("http://[::1]:3123");
    expect(launchOf(await openDemo(ctx, "localhost:3123")).origin).toBe("http://localhost:3123");
    expect(launchOf(await openDemo(ctx, "casino.localhost:3123")).origin).toBe("http://casino.localhost:3123");
  });

  it("a Host that is not a loopback name cannot steer it (the default stays)", async () => {
    for (const host of [
      "evil.example",
      "evil.example:3123",
      "192.168.1.20:3123",
      "localhost.evil.example",
      "127.0.0.1.evil.example",
    ]) {
      expect(launchOf(await openDemo(ctx, host)), host).toEqual({
        origin: "http://localhost:3123",
        parentOrigin: "http://localhost:3123",
      });
    }
  });

  it("an explicit PUBLIC_URL always wins, whatever the Host", async () => {
    const fixed = await buildTestApp({ PORT: "3123", PUBLIC_URL: "https://casino.example" }, { demo: true });
    try {
      expect(launchOf(await openDemo(fixed, "127.0.0.1:3123")).origin).toBe("https://casino.example");
    } finally {
      await fixed.close();
    }
  });

  it("never in production without PUBLIC_URL", async () => {
    const prod = await buildTestApp(
      { PORT: "3123", NODE_ENV: "production", JWT_SECRET: "p".repeat(40), PROVIDER_HOUSE_SECRET: "h".repeat(20), STAFF_SECRET_KEY: "s".repeat(40), DOCUMENTS_KEY: "d".repeat(64) },
      { demo: true },
    );
    try {
      expect(launchOf(await openDemo(prod, "127.0.0.1:3123")).origin).toBe("http://localhost:3123");
    } finally {
      await prod.close();
    }
  });
});
