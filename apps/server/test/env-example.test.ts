import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { envObject, loadEnv } from "../src/env.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const example = fs.readFileSync(path.join(root, ".env.example"), "utf8");

// KEY=value lines, commented out or not: .env.example documents every variable.
const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
const active = Object.fromEntries(
  [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2]] as const),
);

describe(".env.example", () => {
  it("documents every variable the server reads", () => {
    const missing = Object.keys(envObject.shape).filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
  });

  it("documents every variable the house provider reads", () => {
    const source = fs.readFileSync(path.join(root, "apps/house-games/src/service/house-config.ts"), "utf8");
    const keys = [...source.matchAll(/^\s+(HOUSE_[A-Z_]+):/gm)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => !documented.has(key))).toEqual([]);
  });

  it("is a valid configuration as written (copying it to .env changes nothing)", () => {
    const env = loadEnv(active);
    const defaults = loadEnv({});
    expect(env.PORT).toBe(defaults.PORT);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.JWT_SECRET).toBe(defaults.JWT_SECRET);
    expect([...env.features]).toEqual([...defaults.features]);
  });

  it("names the bad variable when the configuration is invalid", () => {
    expect(() => loadEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/JWT_SECRET/);
  });
});

describe("provider lists", () => {
  it("parses PROVIDERS and GAME_LAUNCH_URLS into keyed entries", () => {
    const env = loadEnv({
      PROVIDERS: "acme:acme-provider-secret-0001, beta:beta-provider-secret-02",
      GAME_LAUNCH_URLS: "acme=https://acme.example/launch/{game_code}",
    });
    expect(env.PROVIDERS).toEqual([
      { code: "acme", secret: "acme-provider-secret-0001" },
      { code: "beta", secret: "beta-provider-secret-02" },
    ]);
    expect(env.GAME_LAUNCH_URLS).toEqual([{ code: "acme", template: "https://acme.example/launch/{game_code}" }]);
  });

  it("names a malformed entry", () => {
    expect(() => loadEnv({ PROVIDERS: "acme:short" })).toThrow(/PROVIDERS[\s\S]*"acme" must be code:secret/);
    expect(() => loadEnv({ GAME_LAUNCH_URLS: "acme=https://acme.example/launch" })).toThrow(
      /GAME_LAUNCH_URLS[\s\S]*\{game_code\}/,
    );
  });
});
