import type { AdminGame, AdminStudio, AdminTag } from "@croupier/contract/backoffice/catalog-admin";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../lib/staff-session";
import CatalogPage from "./catalog";

const STUDIO = "11111111-1111-4111-8111-111111111111";
const SECTION = "22222222-2222-4222-8222-222222222222";
const POPULAR = "33333333-3333-4333-8333-333333333333";
const NEW = "44444444-4444-4444-8444-444444444444";

const game = (n: number, extra: Partial<AdminGame> = {}): AdminGame => ({
  guid: `aaaaaaaa-aaaa-4aaa-8aaa-00000000000${n}`,
  external_guid: `house:game-${n}`,
  game_name: `Game ${n}`,
  game_icon: null,
  game_provider: "house",
  studio_guid: STUDIO,
  studio_name: "Croupier Originals",
  studio_enabled: true,
  system_tag_guid: SECTION,
  section: "Slots",
  game_status: "active",
  game_ordering: n * 10,
  tag_guids: [POPULAR],
  visible: true,
  provider_switched_off: false,
  can_freespins: false,
  updated_at: "2026-11-25T06:00:00.000Z",
  ...extra,
});
const studio: AdminStudio = {
  guid: STUDIO,
  name: "Croupier Originals",
  icon: null,
  ordering: 0,
  is_enabled: true,
  games: 2,
  active_games: 2,
  updated_at: "2026-11-25T06:00:00.000Z",
};
const tag = (guid: string, name: string, type: "system" | "category" = "category"): AdminTag => ({
  guid,
  name,
  type,
  ordering: 0,
  games: 1,
  show_in_top: true,
  show_in_slots_section: false,
  show_in_live_section: false,
});

type Patch = { path: string; body: unknown; answer: (status: number, payload: unknown) => void };

/** The catalogue API in memory; PATCH answers wait until the test releases them. */
function fakeApi() {
  const patches: Patch[] = [];
  const games = [game(1), game(2)];
  const envelope = (payload: unknown, status = 200, metadata: Record<string, unknown> = {}) =>
    new Response(
      JSON.stringify({ status: status < 400 ? "ok" : "error", payload, metadata: { request_id: "r", ...metadata } }),
      {
        status,
        headers: { "content-type": "application/json" },
      },
    );
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace("/api/backoffice/v1", "");
      if (request.method === "PATCH") {
        const body = await request.json();
        return new Promise<Response>((resolve) => {
          patches.push({ path, body, answer: (status, payload) => resolve(envelope(payload, status)) });
        });
      }
      if (path === "/catalog/games") return envelope(games, 200, { page: 1, per_page: 50, total: games.length });
      if (path === "/catalog/studios") return envelope([studio]);
      if (path === "/catalog/tags")
        return envelope([tag(SECTION, "Slots", "system"), tag(POPULAR, "Popular"), tag(NEW, "New")]);
      if (path === "/catalog/game-providers")
        return envelope([{ code: "house", enabled: true, games: 2, active_games: 2, visible_games: 2 }]);
      return envelope({ code: "NOT_FOUND", message: "no route" }, 404);
    }),
  );
  return { patches, games };
}

function renderPage(entry = "/catalog") {
  startStaffSession("test-token");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/catalog", Component: CatalogPage }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endStaffSession();
});

const switchOf = (name: string) => screen.getByRole("switch", { name: `${name} enabled` });

describe("catalogue page", () => {
  it("disabling a game shows at once, and stays once the server agrees", async () => {
    const { patches } = fakeApi();
    renderPage();
    await screen.findByText("Game 1", undefined, { timeout: 5000 });
    expect(switchOf("Game 1").getAttribute("aria-checked")).toBe("true");
    fireEvent.click(switchOf("Game 1"));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ path: `/catalog/games/${game(1).guid}`, body: { game_status: "disabled" } });
    // Optimistic: off before the server has answered.
    expect(switchOf("Game 1").getAttribute("aria-checked")).toBe("false");
    patches[0]!.answer(200, game(1, { game_status: "disabled", visible: false }));
    await waitFor(() => expect(switchOf("Game 1").getAttribute("aria-checked")).toBe("false"));
  });

  it("a refused change goes back to what it was", async () => {
    const { patches } = fakeApi();
    renderPage();
    await screen.findByText("Game 2", undefined, { timeout: 5000 });
    fireEvent.click(switchOf("Game 2"));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(switchOf("Game 2").getAttribute("aria-checked")).toBe("false");
    patches[0]!.answer(409, { code: "CONFLICT", message: "Changed meanwhile." });
    await waitFor(() => expect(switchOf("Game 2").getAttribute("aria-checked")).toBe("true"));
  });

  it("edits a game's tags in a dialog and saves them all at once", async () => {
    const { patches } = fakeApi();
    renderPage();
    await screen.findByText("Game 1", undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole("button", { name: /Edit\s*tags of Game 1/ }));
    const dialog = await screen.findByRole("dialog", { name: "Tags of Game 1" });
    expect(within(dialog).queryByLabelText("Slots")).toBeNull();
    fireEvent.click(within(dialog).getByLabelText("New"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save tags" }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]!.body).toEqual({ tag_guids: [POPULAR, NEW] });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("moves a game with Enter in its position field", async () => {
    const { patches } = fakeApi();
    renderPage();
    await screen.findByText("Game 1", undefined, { timeout: 5000 });
    const input = screen.getByRole("textbox", { name: "Game 1 position in the lobby" });
    fireEvent.change(input, { target: { value: "-5" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]!.body).toEqual({ game_ordering: -5 });
  });

  it("switching a game provider off asks first, then sends it", async () => {
    const { patches } = fakeApi();
    renderPage("/catalog?tab=game-providers");
    const toggle = await screen.findByRole("switch", { name: "house switched on" }, { timeout: 5000 });
    fireEvent.click(toggle);
    const dialog = await screen.findByRole("dialog", { name: "Switch house off?" });
    expect(patches).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Switch off" }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ path: "/catalog/game-providers/house", body: { enabled: false } });
    expect(screen.getByRole("switch", { name: "house switched on" }).getAttribute("aria-checked")).toBe("false");
  });
});
