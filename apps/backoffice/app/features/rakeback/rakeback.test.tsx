import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../../lib/staff-session";
import { guidError } from "./rakeback-filters";
import { RakebackTables } from "./rakeback-tables";

const PLAYER = "6f1c1f5e-8d53-4a55-9d39-1e0c1d0e2a11";
const CAMPAIGN = "9b2d6c1e-0a8b-4f1e-9a61-3c5e7f0b2d44";

const envelope = (payload: unknown, metadata: Record<string, unknown>) =>
  new Response(JSON.stringify({ status: "ok", payload, metadata: { request_id: "r", ...metadata } }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

function fakeApi() {
  const calls: URL[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(input, "http://localhost"), { ...init, signal: undefined });
      const url = new URL(request.url);
      calls.push(url);
      const path = url.pathname.replace("/api/backoffice/v1", "");
      if (path === "/rakeback/balances")
        return envelope(
          [
            {
              wallet_guid: "0d7a4a39-4c8e-4d0c-8a4c-2c7f3f3c0b11",
              player_guid: PLAYER,
              email: "ann@example.com",
              currency: "USD",
              accrued: "12.3456",
              claimed: "10",
              available: "2.34",
              bonus_guid: CAMPAIGN,
              bonus_name: "Weekly rakeback",
              last_accrual_at: "2026-11-28T10:00:00.000Z",
              last_claim_at: null,
            },
          ],
          { page: 1, per_page: 25, total: 1 },
        );
      if (path === "/rakeback/accruals")
        return envelope(
          [
            {
              game_transaction_guid: "3c1b7a52-2f0e-4c1d-9a8b-6e5d4c3b2a10",
              player_guid: PLAYER,
              currency: "USD",
              bonus_guid: CAMPAIGN,
              bonus_name: "Weekly rakeback",
              game_class: "live",
              stake: "4",
              percent: "0.5",
              amount: "0.02",
              reversed: true,
              bet_at: "2026-11-28T10:00:00.000Z",
              created_at: "2026-11-28T10:00:02.000Z",
            },
          ],
          { page: 1, per_page: 25, total: 1 },
        );
      return envelope([], { page: 1, per_page: 25, total: 0 });
    }),
  );
  return calls;
}

function show() {
  startStaffSession("test-token");
  const router = createMemoryRouter([{ path: "/rakeback", element: <RakebackTables /> }], { initialEntries: ["/rakeback"] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endStaffSession();
});

describe("rakeback console page", () => {
  it("lists balances, then accruals and claims, filtered by player and campaign", async () => {
    const calls = fakeApi();
    show();
    expect(await screen.findByText("ann@example.com")).toBeTruthy();
    expect(screen.getByText("2.34 USD")).toBeTruthy();
    expect(screen.getByText("12.3456 USD")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Player id"), { target: { value: PLAYER } });
    fireEvent.change(screen.getByLabelText("Campaign id"), { target: { value: CAMPAIGN } });
    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "accruals" } });
    fireEvent.click(screen.getByRole("button", { name: "Filter" }));
    expect(await screen.findByText("reversed by a rollback")).toBeTruthy();
    expect(screen.getByText("Live")).toBeTruthy();
    await waitFor(() => {
      const last = calls.filter((u) => u.pathname.endsWith("/rakeback/accruals")).at(-1);
      expect(last?.searchParams.get("player_guid")).toBe(PLAYER);
      expect(last?.searchParams.get("bonus_guid")).toBe(CAMPAIGN);
    });

    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "claims" } });
    expect(await screen.findByText("No claims")).toBeTruthy();
  });

  it("refuses a filter that is not a guid without asking the server", () => {
    expect(guidError("")).toBeUndefined();
    expect(guidError(PLAYER)).toBeUndefined();
    expect(guidError("ann@example.com")).toMatch(/guid/);
  });
});
