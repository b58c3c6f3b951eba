import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { baseUrl } from "./browser.ts";

/**
 * A made-up private address for one test file's player. The e2e server trusts X-Forwarded-For from loopback,
 * so each file's player is its own "person" for the one-welcome-bonus-per-person rule (ADR 031) and the
 * address-keyed rate limits, and no other file's player shares them.
 */
export function randomPlayerIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${1 + (c! % 250)}`;
}

export type PlayerApiCall = { method?: string; token?: string; body?: unknown; base?: string };

/**
 * A JSON call to the server as the given address that must answer 200 (the failure names the path and the
 * whole answer); returns the envelope's payload. `base` defaults to the player API.
 */
export function createPlayerApi(ip: string) {
  return async function api<T>(path: string, init: PlayerApiCall = {}): Promise<T> {
    const res = await fetch(`${baseUrl()}${init.base ?? "/api/v1"}${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: {
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        "x-forwarded-for": ip,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const json = (await res.json()) as { payload: unknown };
    expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
    return json.payload as T;
  };
}
