import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Wallet } from "@croupier/contract/entities/wallet";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAuth } from "../../lib/client-auth";
import { walletsKey } from "./wallet-keys";
import { WalletRuntime } from "./wallet-runtime";

const PLAYER = "20000000-0000-4000-8000-000000000001";
const USD = "00000000-0000-4000-8000-000000000001";
const EUR = "00000000-0000-4000-8000-000000000002";
const W1 = "10000000-0000-4000-8000-000000000001";
const W2 = "10000000-0000-4000-8000-000000000002";

const currencies = [
  { guid: USD, code: "USD", is_default: true, decimals: 2, custom_name: null },
  { guid: EUR, code: "EUR", is_default: false, decimals: 2, custom_name: null },
];
const wallet = (guid: string, currency: string, is_active = false) =>
  ({ guid, currency_guid: currency, balance: "0", bonus_balance: "0", free_spin_count: 0, is_active }) as Wallet;

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
type Route = (call: Call) => { status: number; payload: unknown };

/** The API as a table of answers; every call is recorded. */
function fakeApi(routes: Record<string, Route>) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    const text = await request.text();
    const call = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const route = routes[`${request.method} ${url.pathname}`];
    const { status, payload } = route
      ? route(call)
      : { status: 404, payload: { code: "NOT_FOUND", message: "no route" } };
    const envelope = { status: status < 400 ? "ok" : "error", payload, metadata: { request_id: "test" } };
    return new Response(JSON.stringify(envelope), { status, headers: { "content-type": "application/json" } });
  });
  return calls;
}

let location = "";
function Probe() {
  const here = useLocation();
  location = here.pathname + here.search;
  return null;
}

function renderRuntime(queryClient: QueryClient) {
  const Stub = createRoutesStub([
    {
      path: "/*",
      Component: () => (
        <QueryClientProvider client={queryClient}>
          <Probe />
          <WalletRuntime />
        </QueryClientProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/slots"]} />);
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  act(() => clientAuth.set(true, PLAYER));
});

afterEach(() => {
  cleanup();
  act(() => clientAuth.set(false, null));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("WalletRuntime", () => {
  it("loads page 1 with per_page 10000, drops unknown currencies and activates the first when none is active", async () => {
    const calls = fakeApi({
      "GET /api/v1/billing/wallets": () => ({
        status: 200,
        payload: [
          wallet("10000000-0000-4000-8000-0000000000ee", "00000000-0000-4000-8000-0000000000ff"),
          wallet(W1, USD),
          wallet(W2, EUR),
        ],
      }),
      "GET /api/v1/dictionary/currencies": () => ({ status: 200, payload: currencies }),
      "PATCH /api/v1/billing/wallet/activate": ({ body }) => ({
        status: 200,
        payload: wallet((body as { wallet_guid: string }).wallet_guid, USD, true),
      }),
    });
    const queryClient = newClient();
    renderRuntime(queryClient);
    await waitFor(() => expect(queryClient.getQueryData<Wallet[]>(walletsKey(PLAYER))).toBeDefined());
    const list = queryClient.getQueryData<Wallet[]>(walletsKey(PLAYER))!;
    expect(list.map((w) => [w.guid, w.is_active])).toEqual([
      [W1, true],
      [W2, false],
    ]);
    const listCall = calls.find((c) => c.path === "/api/v1/billing/wallets")!;
    expect([listCall.query.get("page"), listCall.query.get("per_page")]).toEqual(["1", "10000"]);
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ wallet_guid: W1 });
  });

  it("creates a first wallet in the profile currency, set_active true, when the player has none", async () => {
    const calls = fakeApi({
      "GET /api/v1/billing/wallets": () => ({ status: 200, payload: [] }),
      "GET /api/v1/dictionary/currencies": () => ({ status: 200, payload: currencies }),
      "GET /api/v1/profile": () => ({ status: 200, payload: { currency_guid: EUR } }),
      "GET /api/v1/billing/wallet": ({ query }) => ({
        status: 200,
        payload: wallet(W2, query.get("currency_guid")!, false),
      }),
    });
    const queryClient = newClient();
    renderRuntime(queryClient);
    await waitFor(() => expect(queryClient.getQueryData<Wallet[]>(walletsKey(PLAYER))).toHaveLength(1));
    expect(queryClient.getQueryData<Wallet[]>(walletsKey(PLAYER))![0]).toMatchObject({
      guid: W2,
      currency_guid: EUR,
      is_active: true,
    });
    const create = calls.find((c) => c.path === "/api/v1/billing/wallet")!;
    expect(Object.fromEntries(create.query)).toEqual({ currency_guid: EUR, set_active: "true" });
  });

  it("sends a player whose first wallet cannot be created to the add-wallet page after 2 s", async () => {
    fakeApi({
      "GET /api/v1/billing/wallets": () => ({ status: 200, payload: [] }),
      "GET /api/v1/dictionary/currencies": () => ({ status: 200, payload: currencies }),
      "GET /api/v1/profile": () => ({ status: 200, payload: { currency_guid: null } }),
      "GET /api/v1/billing/wallet": () => ({
        status: 409,
        payload: { code: "CONFLICT", message: "Currency not allowed" },
      }),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const queryClient = newClient();
    renderRuntime(queryClient);
    await waitFor(() => expect(console.warn).toHaveBeenCalledWith("wallet creation failed", expect.anything()));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1800);
    });
    expect(location).toBe("/slots");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(location).toBe("/account/wallets/balance?add_wallet");
  });

  it("a failed list is logged and not mistaken for an empty one (no wallet is created)", async () => {
    const calls = fakeApi({
      "GET /api/v1/billing/wallets": () => ({ status: 400, payload: { code: "BAD_REQUEST", message: "nope" } }),
      "GET /api/v1/dictionary/currencies": () => ({ status: 200, payload: currencies }),
    });
    const queryClient = newClient();
    renderRuntime(queryClient);
    await waitFor(() => expect(console.warn).toHaveBeenCalledWith("wallet list failed", expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.path === "/api/v1/billing/wallet")).toBe(false);
  });

  it("forgets the wallets at logout and fetches nothing for a visitor", async () => {
    const calls = fakeApi({
      "GET /api/v1/billing/wallets": () => ({ status: 200, payload: [wallet(W1, USD, true)] }),
      "GET /api/v1/dictionary/currencies": () => ({ status: 200, payload: currencies }),
    });
    const queryClient = newClient();
    renderRuntime(queryClient);
    await waitFor(() => expect(queryClient.getQueryData<Wallet[]>(walletsKey(PLAYER))).toHaveLength(1));
    act(() => clientAuth.set(false, null));
    await waitFor(() => expect(queryClient.getQueryData(walletsKey(PLAYER))).toBeUndefined());
    const before = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.length).toBe(before);
  });
});
