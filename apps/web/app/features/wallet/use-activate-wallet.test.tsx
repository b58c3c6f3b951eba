import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Wallet } from "@croupier/contract/entities/wallet";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAuth } from "../../lib/client-auth";
import { SUCCESS_TOAST_MS } from "../../lib/toasts";
import { useActivateWallet } from "./use-activate-wallet";
import { walletsKey } from "./wallet-keys";

const PLAYER = "20000000-0000-4000-8000-000000000001";
const W1 = "10000000-0000-4000-8000-000000000001";
const W2 = "10000000-0000-4000-8000-000000000002";
const list = (active: string) =>
  [W1, W2].map((guid) => ({ guid, balance: "10", bonus_balance: "0", is_active: guid === active }) as Wallet);
const activeOf = (client: QueryClient) =>
  client
    .getQueryData<Wallet[]>(walletsKey(PLAYER))!
    .filter((w) => w.is_active)
    .map((w) => w.guid);

function answer(status: number, payload: unknown) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal("fetch", async () => {
    await gate;
    const envelope = { status: status < 400 ? "ok" : "error", payload, metadata: { request_id: "t" } };
    return new Response(JSON.stringify(envelope), { status, headers: { "content-type": "application/json" } });
  });
  return release;
}

type Hook = ReturnType<typeof useActivateWallet>;

function setup() {
  const client = new QueryClient();
  client.setQueryData(walletsKey(PLAYER), list(W1));
  const result: { current: Hook } = { current: undefined as unknown as Hook };
  function Probe() {
    result.current = useActivateWallet();
    return null;
  }
  const Stub = createRoutesStub([{ path: "/", Component: Probe }]);
  render(
    <QueryClientProvider client={client}>
      <Stub />
    </QueryClientProvider>,
  );
  return { client, result };
}

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  act(() => clientAuth.set(true, PLAYER));
});

afterEach(() => {
  cleanup();
  act(() => clientAuth.set(false, null));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("useActivateWallet", () => {
  it("marks the wallet active at once, keeps it after the server agrees, and toasts for 7 s", async () => {
    const success = vi.spyOn(toast, "success");
    const release = answer(200, { guid: W2, balance: "10", bonus_balance: "0", is_active: true });
    const { client, result } = setup();
    await waitFor(() => expect(result.current).toBeDefined());
    act(() => result.current.mutate({ walletGuid: W2, currencyName: "EUR" }));
    await waitFor(() => expect(activeOf(client)).toEqual([W2]));
    release();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(activeOf(client)).toEqual([W2]);
    await waitFor(() => expect(success).toHaveBeenCalledWith("Active wallet switched to EUR", { duration: SUCCESS_TOAST_MS }));
  });

  it("puts the previous active wallet back when the server refuses, through the error handler", async () => {
    const error = vi.spyOn(toast, "error");
    const release = answer(404, { code: "NOT_FOUND", message: "No such wallet." });
    const { client, result } = setup();
    await waitFor(() => expect(result.current).toBeDefined());
    act(() => result.current.mutate({ walletGuid: W2, currencyName: "EUR" }));
    await waitFor(() => expect(activeOf(client)).toEqual([W2]));
    release();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(activeOf(client)).toEqual([W1]);
    await waitFor(() => expect(error).toHaveBeenCalledWith("No such wallet.", expect.objectContaining({ duration: 7000 })));
  });
});
