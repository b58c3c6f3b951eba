import type { PlayerLimit, StaffPlayerLimits } from "@croupier/contract/entities/limits";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../../lib/staff-session";
import { LimitsTab } from "./limits-tab";

const PLAYER_ID = "6f1c1f5e-8d53-4a55-9d39-1e0c1d0e2a11";
const USD = "3d7a4a39-4c8e-4d0c-8a4c-2c7f3f3c0b11";

const limit = (over: Partial<PlayerLimit>): PlayerLimit => ({
  guid: "9b2d6c1e-0a8b-4f1e-9a61-3c5e7f0b2d44",
  limit_type: "deposit",
  period: "day",
  currency_guid: USD,
  currency_code: "USD",
  decimals: 2,
  amount: "100",
  minutes: null,
  used: "60",
  remaining: "40",
  used_minutes: null,
  pending: null,
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-01T10:00:00.000Z",
  ...over,
});

const view: StaffPlayerLimits = {
  limits: [
    limit({
      pending: { amount: "300", minutes: null, removal: false, requested_at: "2026-11-01T10:00:00.000Z", effective_at: "2026-11-02T10:00:00.000Z", confirmable: true },
    }),
  ],
  cooling_off_hours: 24,
  history: [
    {
      guid: "1b2d6c1e-0a8b-4f1e-9a61-3c5e7f0b2d44",
      limit_type: "deposit",
      period: "day",
      currency_code: "USD",
      action: "set",
      old_amount: null,
      new_amount: "100",
      old_minutes: null,
      new_minutes: null,
      effective_at: "2026-11-01T09:00:00.000Z",
      actor: "player",
      created_at: "2026-11-01T09:00:00.000Z",
    },
  ],
  currencies: [{ guid: USD, code: "USD", decimals: 2 }],
};

type Call = { method: string; path: string; body: unknown };

function fakeApi() {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace("/api/backoffice/v1", "");
      const text = request.method === "PUT" ? await request.text() : "";
      calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
      const payload = request.method === "GET" ? view : { outcome: "applied", limit: limit({ amount: "30", remaining: "0" }) };
      return new Response(JSON.stringify({ status: "ok", payload, metadata: { request_id: "r" } }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return calls;
}

function renderTab(canWrite: boolean) {
  startStaffSession("test-token");
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LimitsTab playerId={PLAYER_ID} canWrite={canWrite} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endStaffSession();
});

describe("LimitsTab", () => {
  it("lists limits with usage, the pending change and the history; a reader cannot set one", async () => {
    fakeApi();
    renderTab(false);
    const table = await screen.findByRole("table", { name: "Limits" });
    expect(within(table).getByText("100 USD")).toBeTruthy();
    expect(within(table).getByText("40")).toBeTruthy();
    expect(within(table).getByText(/Increase to 300 USD, awaiting the player's confirmation/)).toBeTruthy();
    expect(screen.getByText(/Set to 100/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Set a stricter limit" })).toBeNull();
  });

  it("sets a stricter limit with a reason", async () => {
    const calls = fakeApi();
    renderTab(true);
    await screen.findByRole("table", { name: "Limits" });
    fireEvent.click(screen.getByRole("button", { name: "Set a stricter limit" }));
    const dialog = await screen.findByRole("dialog", { name: "Set a stricter limit" });
    fireEvent.change(within(dialog).getByLabelText("Amount"), { target: { value: "30" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Affordability concern" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Apply limit" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")).toMatchObject({
      path: `/players/${PLAYER_ID}/limits`,
      body: { limit_type: "deposit", period: "day", currency_guid: USD, amount: "30", reason: "Affordability concern" },
    });
  });
});
