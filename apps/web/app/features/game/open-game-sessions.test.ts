import { describe, expect, it } from "vitest";
import { createOpenGames, STALE_MS, type OpenGamesDeps } from "./open-game-sessions";

/** Two tabs: one storage, one broadcast bus, one clock. */
function browser() {
  const items = new Map<string, string>();
  const listeners = new Set<(event: { data: unknown }) => void>();
  let now = 1_000_000;
  const deps: OpenGamesDeps = {
    storage: { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) },
    channel: () => ({
      postMessage: (data) => listeners.forEach((l) => l({ data })),
      addEventListener: (_t, l) => void listeners.add(l),
      removeEventListener: (_t, l) => void listeners.delete(l),
    }),
    now: () => now,
  };
  return { deps, tick: (ms: number) => (now += ms) };
}

const noTimer = (() => 0) as unknown as typeof setInterval;
const noCancel = (() => {}) as typeof clearInterval;

describe("open game sessions across tabs", () => {
  it("lists other tabs' games, not this one's; unregistering removes it", () => {
    const b = browser();
    const tab1 = createOpenGames(b.deps);
    const tab2 = createOpenGames(b.deps);
    const stop = tab1.register({ id: "t1", game_guid: "g1", game_name: "Neon Nights" }, noTimer, noCancel);
    expect(tab2.others("t2").map((e) => e.game_name)).toEqual(["Neon Nights"]);
    expect(tab1.others("t1")).toEqual([]);
    stop();
    expect(tab2.others("t2")).toEqual([]);
  });

  it("forgets a tab whose heartbeat went stale (closed or crashed)", () => {
    const b = browser();
    const registry = createOpenGames(b.deps);
    registry.register({ id: "t1", game_guid: "g1", game_name: "Neon Nights" }, noTimer, noCancel);
    b.tick(STALE_MS + 1);
    expect(registry.others("t2")).toEqual([]);
  });

  it("closeOthers asks exactly the named tabs to close", () => {
    const b = browser();
    const tab1 = createOpenGames(b.deps);
    const tab2 = createOpenGames(b.deps);
    const tab3 = createOpenGames(b.deps);
    tab1.register({ id: "t1", game_guid: "g1", game_name: "A" }, noTimer, noCancel);
    tab2.register({ id: "t2", game_guid: "g2", game_name: "B" }, noTimer, noCancel);
    const closed: string[] = [];
    tab1.listen("t1", () => closed.push("t1"));
    tab2.listen("t2", () => closed.push("t2"));
    tab3.closeOthers(["t1"]);
    expect(closed).toEqual(["t1"]);
    expect(tab3.others("t3").map((e) => e.id)).toEqual(["t2"]);
  });
});
