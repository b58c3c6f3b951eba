import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHttpSmsGateway } from "../../src/modules/sms/http-sms-gateway.ts";
import { maskPhone } from "../../src/modules/sms/mask-phone.ts";

// The HTTP SMS gateway adapter (ADR 025) against a local server that plays the gateway.

const gateway = { answers: [] as (number | "hang")[], requests: [] as { auth: string | undefined; body: unknown }[] };
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    request.on("end", () => {
      gateway.requests.push({ auth: request.headers.authorization, body: JSON.parse(raw) });
      const answer = gateway.answers.shift() ?? 200;
      if (answer === "hang") return; // never answers: the per-attempt timeout ends the wait
      response.writeHead(answer, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  gateway.answers = [];
  gateway.requests = [];
  logged.length = 0;
});

const logged: string[] = [];
const log = {
  warn: (...args: unknown[]) => logged.push(JSON.stringify(args)),
  error: (...args: unknown[]) => logged.push(JSON.stringify(args)),
} as unknown as FastifyBaseLogger;

const phone = "+447700900123";
const send = (attempts = 3) =>
  createHttpSmsGateway({ url, token: "gw-token", timeout_ms: 300, attempts, backoff_ms: 0 }, log).send(
    phone,
    "Your code is 482913.",
  );

describe("HTTP SMS gateway", () => {
  it("posts the number and text as JSON with the token", async () => {
    await send();
    expect(gateway.requests).toEqual([{ auth: "Bearer gw-token", body: { to: phone, text: "Your code is 482913." } }]);
  });

  it("tries again after a 5xx, a 429 or no answer, and stops once sent", async () => {
    gateway.answers = [503, 429, "hang", 202];
    await send(4);
    expect(gateway.requests).toHaveLength(4);
  });

  it("gives up after the configured attempts with a message the player can read", async () => {
    gateway.answers = [500, 500, 500, 500];
    await expect(send(3)).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: expect.stringMatching(/could not send the text message/),
    });
    expect(gateway.requests).toHaveLength(3);
  });

  it("does not repeat a request the gateway refuses as wrong (4xx)", async () => {
    gateway.answers = [400];
    await expect(send(3)).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    expect(gateway.requests).toHaveLength(1);
  });

  it("never logs the number in full, nor the text", async () => {
    gateway.answers = [500, 500];
    await expect(send(2)).rejects.toThrow();
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) {
      expect(line).not.toContain("7700900123");
      expect(line).not.toContain("482913");
    }
    expect(logged.join("\n")).toContain(maskPhone(phone));
    expect(maskPhone(phone)).toBe("+44••••••••23");
  });
});
