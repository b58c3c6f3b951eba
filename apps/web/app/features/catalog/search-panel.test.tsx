import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import SearchPanel from "./search-panel";
import { RECENT_SEARCHES_KEY } from "./search-list";

const GAMES = [
  { guid: "1", external_guid: "house:pharaoh", game_name: "Pharaoh Gold", provider: "Sandstone Studio", game_icon: "/catalog/games/p.svg" },
  { guid: "2", external_guid: "house:obelisk", game_name: "Golden Obelisk", provider: "Sandstone Studio", game_icon: null },
];

let requests: URL[] = [];

beforeEach(() => {
  requests = [];
  // jsdom lays nothing out; the panel keeps the active option in view with this.
  Element.prototype.scrollIntoView = vi.fn();
  localStorage.clear();
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    requests.push(url);
    const term = (url.searchParams.get("game_name") ?? "").toLowerCase();
    const games = GAMES.filter((game) => game.game_name.toLowerCase().includes(term));
    const body = { status: "ok", payload: games, metadata: { request_id: "t", page: 1, per_page: 20, total: games.length } };
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel() {
  const onOpen = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SearchPanel onOpen={onOpen} />
    </QueryClientProvider>,
  );
  return { onOpen, box: screen.getByRole("combobox", { name: "Search games" }) };
}

describe("SearchPanel", () => {
  it("searches once the typing pauses, browses the results with the arrows and opens one with Enter", async () => {
    const { onOpen, box } = renderPanel();
    expect(document.activeElement).toBe(box);
    for (const text of ["g", "go", "gol", "gold"]) fireEvent.change(box, { target: { value: text } });
    await screen.findByRole("option", { name: /Golden Obelisk/ });
    // Debounced: one request for the settled text, none for the keystrokes before it.
    expect(requests.map((url) => url.searchParams.get("game_name"))).toEqual(["gold"]);
    expect(requests[0]?.pathname).toBe("/api/v1/edgesync/catalog/games");
    expect(screen.getByRole("listbox", { name: "Games" })).toBeTruthy();

    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "ArrowDown" });
    const second = screen.getByRole("option", { name: /Golden Obelisk/ });
    expect(box.getAttribute("aria-activedescendant")).toBe(second.id);
    expect(second.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(box.getAttribute("aria-activedescendant")).toBe(screen.getByRole("option", { name: /Pharaoh Gold/ }).id);
    fireEvent.keyDown(box, { key: "ArrowUp" });
    fireEvent.keyDown(box, { key: "Enter" });

    expect(onOpen).toHaveBeenCalledWith("/game/sandstone-studio/golden-obelisk");
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? "[]")).toEqual(["gold"]);
  });

  it("offers the recent searches before anything is typed and reruns one with Enter", async () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(["pharaoh", "dice"]));
    const { onOpen, box } = renderPanel();
    const recent = screen.getByRole("listbox", { name: "Recent searches" });
    expect(Array.from(recent.querySelectorAll('[role="option"]')).map((o) => o.textContent)).toEqual(["pharaoh", "dice"]);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "Enter" });
    expect((box as HTMLInputElement).value).toBe("pharaoh");
    await screen.findByRole("option", { name: /Pharaoh Gold/ });
    expect(onOpen).not.toHaveBeenCalled();
  });

  it("says so when nothing matches and does not search below two letters", async () => {
    const { box } = renderPanel();
    fireEvent.change(box, { target: { value: "x" } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests).toHaveLength(0);
    fireEvent.change(box, { target: { value: "zzz" } });
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("No games match “zzz”."));
    expect(screen.queryAllByRole("option")).toHaveLength(0);
  });
});
