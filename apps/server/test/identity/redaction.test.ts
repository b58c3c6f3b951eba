import { Writable } from "node:stream";
import { createTestDatabase } from "@croupier/db/testing/create-test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../src/app.ts";
import { loadEnv } from "../../src/env.ts";

let app: App;
let close: () => Promise<void>;
const lines: string[] = [];
beforeAll(async () => {
  const database = await createTestDatabase({ demo: true });
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const env = loadEnv({ NODE_ENV: "test", SERVE_WEB: "false" });
  app = await buildApp({ env, database, logger: { level: "trace", stream } });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(async () => {
  await close?.();
});

describe("secrets stay out of logs and error answers", () => {
  it("logs neither passwords, tokens nor codes", async () => {
    const res = await app.inject({ method: "POST", url: "/api/v1/authorization/login", payload: { email: "demo@example.com", password: "demo-password-1" } });
    const { access_token, refresh_token } = res.json().payload;
    await app.inject({ method: "GET", url: "/api/v1/profile", headers: { authorization: `Bearer ${access_token}` } });
    await app.inject({ method: "POST", url: "/api/v1/session/update", payload: { refresh_token } });
    await app.inject({ method: "POST", url: "/api/v1/authorization/provider-login?provider=dev&state=secret-state-value-123&code=secret-code-value" });
    const wrong = await app.inject({ method: "POST", url: "/api/v1/authorization/login", payload: { email: "demo@example.com", password: "secret-wrong-password" } });
    expect(wrong.body).not.toContain("secret-wrong-password");
    const log = lines.join("");
    expect(log.length).toBeGreaterThan(0);
    for (const secret of ["demo-password-1", "secret-wrong-password", access_token, refresh_token, "secret-state-value-123", "secret-code-value"])
      expect(log).not.toContain(secret);
    expect(log).toContain("[Redacted]");
  });
});
