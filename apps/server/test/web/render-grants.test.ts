import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/app.ts";
import { createRenderGrants, RENDER_GRANTS_MAX } from "../../src/lib/render-grants.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, decodeJwt, signUp } from "../identity/identity-helpers.ts";
import { serveWebBuild, writeFakeWebBuild } from "./fake-web-build.ts";

// Issue #20 target 4 (signed-in SSR): one session check per page render, not one per in-process API call.

describe("createRenderGrants", () => {
  it("trusts a token until its last holder releases it or its time is up; bounded", () => {
    let now_ms = 1_000;
    const grants = createRenderGrants(() => now_ms);
    const auth = { sessionId: "s", userId: "u" };
    const releaseFirst = grants.grant("t", auth, 60_000);
    const releaseSecond = grants.grant("t", auth, 60_000);
    expect(grants.find("t")).toEqual(auth);
    releaseFirst();
    releaseFirst();
    expect(grants.find("t")).toEqual(auth);
    releaseSecond();
    expect(grants.find("t")).toBeNull();
    expect(grants.size()).toBe(0);

    const release = grants.grant("late", auth, 10);
    now_ms += 10;
    expect(grants.find("late")).toBeNull();
    release();

    for (let i = 0; i < RENDER_GRANTS_MAX; i += 1) grants.grant(`t${i}`, auth, 60_000);
    grants.grant("one-too-many", auth, 60_000);
    expect(grants.find("one-too-many")).toBeNull();
    expect(grants.size()).toBe(RENDER_GRANTS_MAX);
  });
});

/**
 * A web build that calls the API twice while rendering, with the page's bearer token, and between
 * the calls runs the test's hook (which ends the session in the database).
 */
const BUILD = `
const handler = async (request, context) => {
  const state = globalThis.__renderGrants;
  const call = () =>
    context.apiFetch(new Request("http://croupier.internal/api/v1/authorization/info", { headers: { authorization: request.headers.get("authorization") ?? "" } }));
  state.token = (request.headers.get("authorization") ?? "").replace(/^Bearer /, "");
  state.statuses.push((await call()).status);
  await state.between();
  state.statuses.push((await call()).status);
  return new Response("<!doctype html><title>page</title>", { status: 200, headers: { "content-type": "text/html; charset=utf-8" } });
};
export const entry = { module: { createRequestHandler: () => handler, createLoadContext: (deps) => deps } };
export const routes = {}; export const assets = {};
`;

type RenderState = { token: string; statuses: number[]; between: () => Promise<void> };

let build: Awaited<ReturnType<typeof writeFakeWebBuild>>;
let ctx: TestContext;
let site: App;

beforeAll(async () => {
  build = await writeFakeWebBuild(BUILD);
  ctx = await buildTestApp({}, { demo: true });
  site = await serveWebBuild(ctx, { buildDir: build.dir, pageCache: false }, { DEMO_MODE: "true" });
}, 300_000);

afterAll(async () => {
  await site?.close();
  await ctx?.close();
  await build?.remove();
});

describe("a signed-in page render", () => {
  it("its API calls act on the session proved when the render began; afterwards its token is checked as any other", async () => {
    const tokens = await signUp(site, `render-grants-${Date.now()}@example.com`);
    const sessionId = decodeJwt(tokens.access_token).sid;
    const state: RenderState = {
      token: "",
      statuses: [],
      // The player logs out in another tab while the page renders: the render already proved the
      // session and finishes as it began (what a per-call check would have refused halfway).
      between: async () => {
        await ctx.database.query("UPDATE sessions SET finished_at = now() WHERE guid = $1", [sessionId]);
        expect(site.renderGrants.size()).toBe(1);
      },
    };
    (globalThis as { __renderGrants?: RenderState }).__renderGrants = state;

    const page = await site.inject({
      method: "GET",
      url: "/",
      headers: { cookie: `__Host-refresh_token=${tokens.refresh_token}` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(decodeJwt(state.token).sub).toBe(decodeJwt(tokens.access_token).sub);
    expect(state.statuses).toEqual([200, 200]);

    // The render is over: its grant is gone and the ended session refuses the same token.
    expect(site.renderGrants.size()).toBe(0);
    const after = await site.inject({ method: "GET", url: "/api/v1/authorization/info", headers: bearer(state.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      status: "error",
      payload: { code: "UNAUTHORIZED", message: "Your session has ended. Please log in again." },
    });

    // The next page load no longer proves anything: it renders as a visitor, with no token.
    state.statuses = [];
    state.between = async () => undefined;
    const visitor = await site.inject({
      method: "GET",
      url: "/",
      headers: { cookie: `__Host-refresh_token=${tokens.refresh_token}` },
    });
    expect(visitor.statusCode).toBe(200);
    expect(state.token).toBe("");
  });
});
