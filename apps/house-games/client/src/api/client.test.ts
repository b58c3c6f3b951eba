import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "./client.ts";

type Sent = { url: string; headers: Record<string, string> };

function recordFetch(): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (url: string, init: { headers: Record<string, string> }) => {
    sent.push({ url, headers: init.headers });
    return new Response(JSON.stringify({ status: "ok", payload: {} }), { status: 200, headers: { "content-type": "application/json" } });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("provider API client", () => {
  it("presents the platform token on every session call (the provider keeps only its hash), never on public ones", async () => {
    const sent = recordFetch();
    const api = createApiClient("/house/api", () => "session-key", () => "platform-token");
    await api.session();
    await api.play({ stake: "1.00", client_request_id: "r", params: {} });
    await api.game("house:slot-pharaoh-gold");
    await api.openSession({ game_code: "g", mode: "real", token: "platform-token", jurisdiction: "gb", player: "p", launch_sig: "s" });
    expect(sent.map((s) => [s.url, s.headers["x-platform-token"] ?? null, s.headers.authorization ?? null])).toEqual([
      ["/house/api/session", "platform-token", "Bearer session-key"],
      ["/house/api/rounds", "platform-token", "Bearer session-key"],
      ["/house/api/games/house%3Aslot-pharaoh-gold", null, null],
      ["/house/api/sessions", null, null],
    ]);
  });

  it("demo sessions have no token to present", async () => {
    const sent = recordFetch();
    const api = createApiClient("/house/api", () => "demo-key");
    await api.session();
    expect(sent[0]!.headers["x-platform-token"]).toBeUndefined();
  });
});
