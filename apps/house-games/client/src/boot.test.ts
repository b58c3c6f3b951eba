import { describe, expect, it } from "vitest";
import { parseBoot } from "./boot.ts";

describe("boot object", () => {
  it("reads the injected play boot", () => {
    const boot = parseBoot(
      JSON.stringify({ page: "play", game_code: "house:slot-pharaoh-gold", mode: "demo", token: null, lang: "en", exit_url: "/slots", currency: "EUR", api_base: "/house/api" }),
      { pathname: "/house/play/house:slot-pharaoh-gold", search: "" },
    );
    expect(boot).toEqual({ page: "play", game_code: "house:slot-pharaoh-gold", mode: "demo", token: null, lang: "en", exit_url: "/slots", currency: "EUR", api_base: "/house/api", jurisdiction: null, player: null, launch_sig: null, max_stake: null });
  });

  it("falls back to the address without a boot object (Vite dev server)", () => {
    const boot = parseBoot(null, { pathname: "/house/play/house%3Adice-hilo", search: "?token=abc&mode=real&currency=USD" });
    expect(boot).toMatchObject({ page: "play", game_code: "house:dice-hilo", mode: "real", token: "abc", currency: "USD" });
  });

  it("carries the launch the platform signed (jurisdiction, player, launch_sig) to the session call", () => {
    const injected = { page: "play", game_code: "house:slot-pharaoh-gold", mode: "real", token: "t", lang: "en", exit_url: null, currency: "USD", api_base: "/house/api", jurisdiction: "gb", player: "p-ref-123456", launch_sig: "ab".repeat(32) };
    expect(parseBoot(JSON.stringify(injected), { pathname: "/house/play/x", search: "" })).toMatchObject({ jurisdiction: "gb", player: "p-ref-123456", launch_sig: "ab".repeat(32) });
    const fromAddress = parseBoot(null, { pathname: "/house/play/house%3Adice-hilo", search: `?token=abc&mode=real&jurisdiction=gb&player=p-ref-123456&launch_sig=${"cd".repeat(32)}` });
    expect(fromAddress).toMatchObject({ jurisdiction: "gb", player: "p-ref-123456", launch_sig: "cd".repeat(32) });
  });

  it("reads the verify page's parameters and ignores a broken boot", () => {
    const boot = parseBoot("{not json", { pathname: "/house/verify", search: "?game_code=g&server_seed=ab&nonce=3" });
    expect(boot).toEqual({ page: "verify", api_base: "/house/api", params: { game_code: "g", server_seed: "ab", nonce: "3" } });
  });
});
