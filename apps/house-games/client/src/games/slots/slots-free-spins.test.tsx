import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PlayBoot } from "../../boot.ts";
import type { FreeSpins, GameDefinition, Round, Session } from "../../api/types.ts";
import { GameSessionProvider } from "../../session/game-session.tsx";
import { SlotsGame } from "./slots-game.tsx";

const boot: PlayBoot = {
  page: "play", game_code: "house:slot-test", mode: "real", token: "platform-token", lang: "en", exit_url: null, currency: "USD",
  api_base: "/house/api", jurisdiction: "none", player: "player-ref", launch_sig: "0".repeat(64), max_stake: null,
};

const definition: GameDefinition = {
  game_code: boot.game_code, name: "Test Slot", studio: "House", kind: "slot", live: false, can_demo: true, can_freespins: true,
  rtp: "96.00", volatility: "medium", rules: [],
  bet: { min: "0.10", max: "100.00", default: "1.00", step: "0.10", options: ["0.10", "0.20", "0.50", "1.00", "2.00"] },
  slot: {
    reels: 3, rows: 1, mode: "lines", lines: [[0, 0, 0]],
    symbols: [{ id: "A", name: "apple", kind: "normal", pays: { "3": "5" } }, { id: "B", name: "bell", kind: "normal", pays: { "3": "10" } }],
    reel_strips: [["A", "B"], ["A", "B"], ["A", "B"]], free_spins: null,
  },
  jurisdiction: { code: "none", min_spin_interval_ms: 0, autoplay: true },
};

function session(freeSpins: FreeSpins): Session {
  return {
    session_key: "key", session_id: "s1", game_code: boot.game_code, mode: "real", currency: "USD", balance: "10.00", bonus_balance: "0.00",
    fairness: { server_seed_hash: "h", client_seed: "c", nonce: 0, previous: null }, pending_round: null,
    stats: { started_at: new Date().toISOString(), rounds: 0, staked: "0", won: "0", net: "0" },
    jurisdiction: { code: "none", min_spin_interval_ms: 0, autoplay: true }, free_spins: freeSpins,
  };
}

function round(nonce: number, win: string, freeSpins: FreeSpins | undefined, isFreeSpin: boolean): Round {
  return {
    round_id: `r${nonce}`, game_code: boot.game_code, status: "settled", stake: "0.20", win, net: win, is_free_spin: isFreeSpin,
    balance_before: "10.00", balance_after: "10.00", created_at: new Date().toISOString(), settled_at: new Date().toISOString(),
    fairness: { server_seed_hash: "h", client_seed: "c", nonce, server_seed: null },
    outcome: { stops: [0, 0, 0], grid: [["A"], ["B"], ["A"]], wins: [], win, free_spins: null },
    ...(freeSpins ? { free_spins: freeSpins } : {}),
  };
}

type Call = { method: string; path: string; body: Record<string, unknown> | null };

/** A stand-in provider API: answers by path, records what the client sent. */
function provider(start: FreeSpins, rounds: Round[]) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: { method: string; body?: string }) => {
    const path = url.replace("/house/api", "").split("?")[0]!;
    calls.push({ method: init.method, path, body: init.body ? (JSON.parse(init.body) as Record<string, unknown>) : null });
    const answer = (payload: unknown) => new Response(JSON.stringify({ status: "ok", payload }), { status: 200 });
    if (path.startsWith("/games/")) return answer(definition);
    if (path === "/sessions") return answer(session(start));
    if (path === "/rounds" && init.method === "GET") return answer([]);
    if (path === "/rounds") return answer(rounds.shift());
    return answer({});
  });
  return calls;
}

function renderSlot() {
  return render(
    <GameSessionProvider boot={boot} fallback={() => <p>loading</p>}>
      <SlotsGame />
    </GameSessionProvider>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  // Reduced motion: the reels land at once, so a round completes without waiting for the animation.
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("reduce"), addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("slot with granted free spins", () => {
  it("shows the count, plays them at the granted bet with is_free_spin, follows the platform's count and totals the wins", async () => {
    const calls = provider({ available: true, count: 2, bet: "0.20" }, [
      round(0, "1.50", { available: true, count: 1, bet: "0.20" }, true),
      round(1, "0.00", { available: false, count: 0, bet: null }, true),
    ]);
    renderSlot();
    expect(await screen.findByText(/Free spins: 2 left/)).toBeTruthy();
    // The stake is locked to the granted bet while spins are left.
    expect(screen.getByTestId("stake").textContent).toBe("0.20");
    expect((screen.getByRole("button", { name: "Raise stake" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId("spin"));
    expect(await screen.findByText(/Free spins: 1 left/)).toBeTruthy();
    expect(screen.getByTestId("free-spin-won").textContent).toContain("1.50");
    const plays = calls.filter((c) => c.method === "POST" && c.path === "/rounds");
    expect(plays[0]!.body).toMatchObject({ stake: "0.20", is_free_spin: true });

    fireEvent.click(screen.getByTestId("spin"));
    expect(await screen.findByText(/Free spins finished/)).toBeTruthy();
    expect(screen.getByTestId("free-spin-won").textContent).toContain("1.50");
    // Back to cash play at the player's own stake, which is free to change again.
    await waitFor(() => expect(screen.getByTestId("stake").textContent).toBe("1.00"));
    expect(screen.getByTestId("spin").textContent).toBe("Spin");
  });

  it("counts down locally when the platform's answer carries no count", async () => {
    provider({ available: true, count: 3, bet: "0.50" }, [round(0, "0.00", undefined, true)]);
    renderSlot();
    expect(await screen.findByText(/Free spins: 3 left · 0.50 USD each/)).toBeTruthy();
    fireEvent.click(screen.getByTestId("spin"));
    expect(await screen.findByText(/Free spins: 2 left/)).toBeTruthy();
  });

  it("offers no free spin at all when none are granted (cash spins, no free-spin bar)", async () => {
    const calls = provider({ available: false, count: 0, bet: null }, [round(0, "0.00", { available: false, count: 0, bet: null }, false)]);
    renderSlot();
    expect(await screen.findByTestId("spin")).toBeTruthy();
    expect(screen.getByTestId("spin").textContent).toBe("Spin");
    expect(screen.queryByText(/Free spin/)).toBeNull();
    expect(screen.queryByTestId("bonus-free-spins")).toBeNull();
    fireEvent.click(screen.getByTestId("spin"));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.path === "/rounds")).toBe(true));
    const play = calls.find((c) => c.method === "POST" && c.path === "/rounds")!;
    expect(play.body).toMatchObject({ stake: "1" });
    expect(play.body).not.toHaveProperty("is_free_spin");
  });
});
