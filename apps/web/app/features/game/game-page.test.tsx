import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAuth } from "../../lib/client-auth";
import { previousPage } from "../../lib/navigation-memory";
import type { GameSummary } from "./game-lookup";
import { GamePage, SUSPENDED_MESSAGE } from "./game-page";

const PLAYER = "20000000-0000-4000-8000-000000000001";
const GAME: GameSummary = {
  guid: "30000000-0000-4000-8000-000000000001",
  external_guid: "house:slot-pharaoh-gold",
  game_name: "Pharaoh Gold",
  game_background_image: null,
  game_icon: null,
  can_demo: true,
  currency_guids: [],
  provider_name: "Sandstone Studio",
};

type Call = { method: string; path: string; body: unknown };

function fakeApi(gameUrl: string) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    const text = await request.text();
    const body = text ? (JSON.parse(text) as { is_demo: boolean }) : undefined;
    calls.push({ method: request.method, path: url.pathname, body });
    const payload = {
      session_id: "40000000-0000-4000-8000-000000000001",
      game_url: gameUrl,
      game_html: null,
      game_info: { game_guid: GAME.guid, game_external_guid: GAME.external_guid, background_image: null, can_free_spins: true },
      mode: body?.is_demo ? "demo" : "real",
      currency_guid: "00000000-0000-4000-8000-000000000001",
      currency_code: "USD",
    };
    return new Response(JSON.stringify({ status: "ok", payload, metadata: { request_id: "t" } }), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
  return calls;
}

let location = "";
function Probe() {
  const here = useLocation();
  location = here.pathname + here.search;
  return null;
}

function renderGame(accountStatus: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Stub = createRoutesStub([
    {
      path: "/game/:provider/:game",
      Component: () => (
        <QueryClientProvider client={client}>
          <Probe />
          <GamePage game={GAME} accountStatus={accountStatus} header={(controls) => <header>{controls}</header>} />
        </QueryClientProvider>
      ),
    },
    { path: "*", Component: Probe },
  ]);
  return render(<Stub initialEntries={["/game/sandstone-studio/pharaoh-gold"]} />);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  act(() => clientAuth.set(true, PLAYER));
});

afterEach(() => {
  cleanup();
  act(() => clientAuth.set(false, null));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("GamePage", () => {
  it("a suspended account sees why and gets no frame; no game is opened", async () => {
    const calls = fakeApi(`${window.location.origin}/house/play/x`);
    renderGame("locked");
    expect((await screen.findByRole("alert")).textContent).toContain(SUSPENDED_MESSAGE);
    expect(screen.queryByTestId("game-frame")).toBeNull();
    expect(calls).toEqual([]);
  });

  it("opens the game for real money into a sandboxed frame and registers the session for other tabs", async () => {
    const calls = fakeApi(`${window.location.origin}/house/play/house%3Aslot-pharaoh-gold?token=abc&mode=real`);
    previousPage.set("/slots/sandstone-studio");
    renderGame("active");
    const frame = await screen.findByTestId("game-frame");
    expect(frame.getAttribute("src")).toContain("token=abc");
    expect(frame.getAttribute("sandbox")).toBe("allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms allow-modals");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: "/api/v1/game/open",
      body: { is_demo: false, game_guid: GAME.guid, language_code: "en", exit_url: "/slots/sandstone-studio" },
    });
    const open = JSON.parse(localStorage.getItem("croupier.open_games") ?? "[]") as { game_name: string }[];
    expect(open.map((entry) => entry.game_name)).toEqual(["Pharaoh Gold"]);
  });

  it("a lobby message from the frame returns to the stored previous page; the mobile-search flag drops the search drawer", async () => {
    fakeApi(`${window.location.origin}/house/play/x?mode=real`);
    previousPage.set("/live?modal=search");
    renderGame("active");
    const frame = (await screen.findByTestId("game-frame")) as HTMLIFrameElement;

    // Another window's message is ignored.
    fireEvent(window, new MessageEvent("message", { data: { type: "lobby" }, origin: window.location.origin, source: window }));
    expect(location).toBe("/game/sandstone-studio/pharaoh-gold");

    fireEvent(
      window,
      new MessageEvent("message", { data: { type: "lobby", mobile_search: true }, origin: window.location.origin, source: frame.contentWindow }),
    );
    await waitFor(() => expect(location).toBe("/live"));
  });

  it("asks before closing a game session open in another tab, naming it", async () => {
    const calls = fakeApi(`${window.location.origin}/house/play/x?mode=real`);
    localStorage.setItem("croupier.open_games", JSON.stringify([{ id: "other-tab", game_guid: "g2", game_name: "Neon Nights", seen_at: Date.now() }]));
    renderGame("active");
    const dialog = await screen.findByTestId("close-confirmation-single");
    expect(dialog.textContent).toContain("Neon Nights is open in another window.");
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Close it and play" }));
    await screen.findByTestId("game-frame");
    expect(calls).toHaveLength(1);
    const open = JSON.parse(localStorage.getItem("croupier.open_games") ?? "[]") as { id: string }[];
    expect(open.some((entry) => entry.id === "other-tab")).toBe(false);
  });
});
