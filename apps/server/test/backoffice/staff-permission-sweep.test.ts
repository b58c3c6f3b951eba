import dc from "node:diagnostics_channel";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance, RouteOptions } from "fastify";
import { roleCan, STAFF_PERMISSIONS, STAFF_ROLES, type StaffPermission } from "@croupier/contract/staff-permissions";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff } from "../helpers/staff-session.ts";
import { signUp } from "../identity/identity-helpers.ts";
import { API, bearer } from "./staff-test-helpers.ts";

// The permission sweep (issue #15): every route under /api/backoffice/v1, whoever added it, with
// every role, a player's token and no token, against the one matrix in staff-permissions.ts.
// Routes are collected as Fastify registers them (its "fastify.initialization" diagnostics channel
// hands over each new instance before any plugin runs), so a route added later is swept without edits.

type SweptRoute = { method: string; url: string; permission: StaffPermission | "public" };

const routes: SweptRoute[] = [];
const collect = (message: unknown) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // HEAD mirrors GET; OPTIONS is CORS preflight, answered before any route.
      if (!route.url.startsWith(`${API}/`) || method === "HEAD" || method === "OPTIONS") continue;
      routes.push({ method, url: route.url, permission: route.config?.permission ?? ("none" as never) });
    }
  });
};

/** A concrete path: every :param becomes a random UUID (a 404 or a 400 later is fine; a 401/403 is not). */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, () => randomUUID());
const label = (route: SweptRoute) => `${route.method} ${route.url} (${route.permission})`;

describe("back-office permission sweep", () => {
  let ctx: TestContext;
  let playerToken: string;

  beforeAll(async () => {
    dc.subscribe("fastify.initialization", collect);
    try {
      ctx = await buildTestApp();
    } finally {
      dc.unsubscribe("fastify.initialization", collect);
    }
    playerToken = (await signUp(ctx.app, `sweep-${Date.now()}@example.test`)).access_token;
  });
  afterAll(async () => ctx?.close());

  const call = (route: SweptRoute, headers: Record<string, string>) =>
    ctx.app.inject({
      method: route.method as "GET",
      url: concrete(route.url),
      headers,
      ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
    });

  it("found the back-office routes, each with a known permission, and only sign-in is public", () => {
    expect(routes.length).toBeGreaterThan(10);
    const unknown = routes.filter((r) => r.permission !== "public" && !STAFF_PERMISSIONS.includes(r.permission));
    expect(unknown.map(label)).toEqual([]);
    expect(
      routes
        .filter((r) => r.permission === "public")
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([`POST ${API}/auth/enrol`, `POST ${API}/auth/login`, `POST ${API}/auth/verify`]);
  });

  it("no token and a player's token get 401 on every non-public route", async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.permission !== "public")) {
      const none = await call(route, {});
      const player = await call(route, bearer(playerToken));
      if (none.statusCode !== 401) failures.push(`${label(route)} without a token: ${none.statusCode}`);
      if (player.statusCode !== 401) failures.push(`${label(route)} with a player token: ${player.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("every role: 403 on each route its role lacks, never 401/403 on one it has", async () => {
    const lacking = Object.fromEntries(
      await Promise.all(STAFF_ROLES.map(async (role) => [role, await createTestStaff(ctx, role)] as const)),
    );
    const failures: string[] = [];
    const checked = { lacking: 0, having: 0 };
    for (const route of routes.filter((r) => r.permission !== "public")) {
      const permission = route.permission as StaffPermission;
      for (const role of STAFF_ROLES) {
        if (!roleCan(role, permission)) {
          checked.lacking += 1;
          const res = await call(route, lacking[role]!.headers);
          if (res.statusCode !== 403 || res.json().payload.code !== "FORBIDDEN")
            failures.push(`${label(route)} as ${role}: ${res.statusCode}, expected 403`);
          continue;
        }
        checked.having += 1;
        // A fresh session per call: the route may end it (logout) or change its owner.
        const staff = await createTestStaff(ctx, role);
        const res = await call(route, staff.headers);
        if (res.statusCode === 401 || res.statusCode === 403)
          failures.push(`${label(route)} as ${role}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    // Both sides of the matrix were exercised (every route has at least admin on the "having" side).
    expect(checked.having).toBeGreaterThanOrEqual(routes.length - 3);
    expect(checked.lacking).toBeGreaterThan(0);
  });
});
