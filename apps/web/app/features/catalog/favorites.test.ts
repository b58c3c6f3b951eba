import { QueryClient } from "@tanstack/react-query";
import { createApiClient } from "@croupier/contract/api-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CatalogGame } from "./catalog-types";
import { ADD_FAVORITE_FAILED, REMOVE_FAVORITE_FAILED, setFavorite } from "./favorites";

const toastError = vi.hoisted(() => vi.fn());
vi.mock("../../lib/toasts", () => ({ toastError }));

const game = (name: string): CatalogGame => ({ guid: `g-${name}`, external_guid: `house:${name}`, game_name: name });
const KEY = ["catalog", "favorites", "player-1", "desktop"] as const;

type Call = { method: string; url: string; body: unknown };

/** A real API client over a fake server that answers with `status` after `gate` resolves. */
function fakeApi(status: number, gate: Promise<void> = Promise.resolve()) {
  const calls: Call[] = [];
  const client = createApiClient({
    baseUrl: "http://api.test",
    fetch: async (request) => {
      calls.push({ method: request.method, url: request.url, body: await request.json() });
      await gate;
      const ok = status < 400;
      const payload = ok ? { game_guid: "x", is_favorite: true } : { code: "NOT_FOUND", message: "Game guid is not found" };
      return new Response(JSON.stringify({ status: ok ? "ok" : "error", payload, metadata: { request_id: "t" } }), {
        status,
        headers: { "content-type": "application/json" },
      });
    },
  });
  return { client, calls };
}

const names = (client: QueryClient) => (client.getQueryData<CatalogGame[]>(KEY) ?? []).map((g) => g.game_name);

afterEach(() => toastError.mockReset());

describe("setFavorite", () => {
  it("adds at once, before the server answers, and keeps it when the server agrees", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(KEY, [game("Dice Duel")]);
    let release!: () => void;
    const { client, calls } = fakeApi(200, new Promise((resolve) => (release = resolve)));
    const done = setFavorite(queryClient, KEY, game("Pharaoh Gold"), true, client);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(names(queryClient)).toEqual(["Pharaoh Gold", "Dice Duel"]);
    release();
    await expect(done).resolves.toBe(true);
    expect(names(queryClient)).toEqual(["Pharaoh Gold", "Dice Duel"]);
    expect(calls[0]).toEqual({ method: "POST", url: "http://api.test/api/v1/catalog/favorites", body: { game_guid: "house:Pharaoh Gold" } });
    expect(toastError).not.toHaveBeenCalled();
  });

  it("rolls an add back with the spec's toast when it fails", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(KEY, [game("Dice Duel")]);
    const { client } = fakeApi(404);
    await expect(setFavorite(queryClient, KEY, game("Pharaoh Gold"), true, client)).resolves.toBe(false);
    expect(names(queryClient)).toEqual(["Dice Duel"]);
    expect(toastError).toHaveBeenCalledWith(ADD_FAVORITE_FAILED);
    expect(ADD_FAVORITE_FAILED).toBe("Unexpected error occured while adding game to favorites");
  });

  it("rolls a removal back with the spec's toast when it fails", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(KEY, [game("Dice Duel"), game("Pharaoh Gold")]);
    const { client, calls } = fakeApi(500);
    await expect(setFavorite(queryClient, KEY, game("Pharaoh Gold"), false, client)).resolves.toBe(false);
    expect(calls[0]?.method).toBe("DELETE");
    expect(names(queryClient)).toEqual(["Pharaoh Gold", "Dice Duel"]);
    expect(toastError).toHaveBeenCalledWith(REMOVE_FAVORITE_FAILED);
    expect(REMOVE_FAVORITE_FAILED).toBe("Unexpected error occured while removing game from favorites");
  });

  it("undoes only its own game when another toggle succeeded meanwhile", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(KEY, []);
    const failing = fakeApi(409);
    const passing = fakeApi(200);
    await Promise.all([
      setFavorite(queryClient, KEY, game("Pharaoh Gold"), true, failing.client),
      setFavorite(queryClient, KEY, game("Neon Fruits"), true, passing.client),
    ]);
    expect(names(queryClient)).toEqual(["Neon Fruits"]);
  });

  it("refuses a game without an external guid without calling the server", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(KEY, []);
    const { client, calls } = fakeApi(200);
    await expect(setFavorite(queryClient, KEY, { guid: "g", game_name: "Nameless" }, true, client)).resolves.toBe(false);
    expect(calls).toHaveLength(0);
    expect(names(queryClient)).toEqual([]);
    expect(toastError).toHaveBeenCalledWith(ADD_FAVORITE_FAILED);
  });
});
