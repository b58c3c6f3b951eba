import type { StaffExclusion } from "@croupier/contract/entities/exclusions";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../../lib/staff-session";
import { ExclusionsTab } from "./exclusions-tab";

const PLAYER_ID = "6f1c1f5e-8d53-4a55-9d39-1e0c1d0e2a11";
const row = (overrides: Partial<StaffExclusion>): StaffExclusion => ({
  guid: "9b2d6c1e-0a8b-4f1e-9a61-3c5e7f0b2d44",
  kind: "operator",
  period: null,
  starts_at: "2026-11-01T10:00:00.000Z",
  ends_at: null,
  ended_at: null,
  active: true,
  reason: "Affordability review",
  created_by_staff: "5a1e4b0c-7d2f-4e1a-9c3b-8f6d2e1a0b99",
  ended_by_staff: null,
  created_at: "2026-11-01T10:00:00.000Z",
  return_requested_at: null,
  holds_until_return: false,
  ...overrides,
});

const wallet = (id: string, currency: string, cash: string) => ({
  id,
  currency,
  decimals: 2,
  cash,
  bonus: "0",
  deferred_bonus: "0",
  wager: "0",
  active: true,
  status: "active",
});
const detail = {
  profile: { id: PLAYER_ID },
  wallets: [
    wallet("3d7a4a39-4c8e-4d0c-8a4c-2c7f3f3c0b11", "EUR", "0"),
    wallet("0d7a4a39-4c8e-4d0c-8a4c-2c7f3f3c0b11", "USD", "40"),
  ],
  counts: { deposits: 1, withdrawals: 0, game_transactions: 0, sessions: 1, live_sessions: 0, notes: 0 },
};

type Call = { method: string; path: string; body: unknown };

function fakeApi(rows: StaffExclusion[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace("/api/backoffice/v1", "");
      const text = request.method === "POST" ? await request.text() : "";
      calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
      const payload =
        path === `/players/${PLAYER_ID}`
          ? detail
          : path.endsWith("/reality-check")
            ? {
                interval_minutes: 60,
                is_default: true,
                default_minutes: 60,
                may_turn_off: false,
                acknowledged_at: null,
              }
            : request.method === "GET"
              ? rows
              : path.endsWith("/end")
                ? { ...rows[0]!, active: false }
                : path.endsWith("/payout")
                  ? { payment_guid: "7b2d6c1e-0a8b-4f1e-9a61-3c5e7f0b2d44", amount: "40", currency: "USD" }
                  : rows[0];
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
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ExclusionsTab playerId={PLAYER_ID} canWrite={canWrite} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endStaffSession();
});

describe("ExclusionsTab", () => {
  it("lists exclusions; a reader sees no actions", async () => {
    fakeApi([
      row({}),
      row({
        guid: "1b2d6c1e-0a8b-4f1e-9a61-3c5e7f0b2d44",
        kind: "self_exclusion",
        period: "1y",
        active: false,
        reason: null,
        ends_at: "2026-01-01T00:00:00.000Z",
      }),
    ]);
    renderTab(false);
    const table = await screen.findByRole("table", { name: "Exclusions" });
    expect(within(table).getByText("Operator exclusion")).toBeTruthy();
    expect(within(table).getByText("Self-exclusion (player)")).toBeTruthy();
    expect(within(table).getByText("Further notice")).toBeTruthy();
    expect((await screen.findByTestId("reality-check-line")).textContent).toBe(
      "Reality check: every 60 minutes (jurisdiction default).",
    );
    expect(screen.queryByRole("button", { name: "Apply operator exclusion" })).toBeNull();
    expect(screen.queryByRole("button", { name: "End early" })).toBeNull();
  });

  it("applies an operator exclusion with a reason, and ends only an operator one early", async () => {
    const calls = fakeApi([
      row({}),
      row({
        guid: "1b2d6c1e-0a8b-4f1e-9a61-3c5e7f0b2d44",
        kind: "time_out",
        period: "24h",
        reason: null,
        ends_at: "2999-01-01T00:00:00.000Z",
      }),
    ]);
    renderTab(true);
    await screen.findByRole("table", { name: "Exclusions" });
    expect(screen.getAllByRole("button", { name: "End early" })).toHaveLength(1);

    fireEvent.click(screen.getByRole("button", { name: "Apply operator exclusion" }));
    const dialog = await screen.findByRole("dialog", { name: "Apply an operator exclusion" });
    fireEvent.change(within(dialog).getByLabelText("Reason (kept in the audit log)"), {
      target: { value: "Source of funds check" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Exclude the player" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: `/players/${PLAYER_ID}/exclusions`,
      body: { reason: "Source of funds check", ends_at: null },
    });

    fireEvent.click(screen.getByRole("button", { name: "End early" }));
    const end = await screen.findByRole("dialog", { name: "End the operator exclusion early" });
    fireEvent.change(within(end).getByLabelText("Why it ends now (kept in the audit log)"), {
      target: { value: "Check passed" },
    });
    fireEvent.click(within(end).getByRole("button", { name: "End exclusion" }));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith("/end"))).toHaveLength(1));
    expect(calls.find((c) => c.path.endsWith("/end"))!.body).toEqual({ reason: "Check passed" });
  });

  it("pays out the remaining cash of a wallet while an exclusion is in force", async () => {
    const calls = fakeApi([row({})]);
    renderTab(true);
    fireEvent.click(await screen.findByRole("button", { name: "Pay out remaining balance" }));
    const dialog = await screen.findByRole("dialog", { name: "Pay out the remaining balance" });
    const pay = await within(dialog).findByRole("button", { name: "Pay out 40 USD" });
    expect(within(dialog).getByLabelText("Wallet").querySelectorAll("option")).toHaveLength(1);
    fireEvent.click(pay);
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith("/payout"))).toHaveLength(1));
    expect(calls.find((c) => c.path.endsWith("/payout"))!.body).toEqual({
      wallet_guid: "0d7a4a39-4c8e-4d0c-8a4c-2c7f3f3c0b11",
    });
  });

  it("records a player's request to return after an ended self-exclusion (gb)", async () => {
    const held = row({
      kind: "self_exclusion",
      period: "6m",
      active: false,
      reason: null,
      ends_at: "2026-10-01T00:00:00.000Z",
      holds_until_return: true,
    });
    const calls = fakeApi([held]);
    renderTab(true);
    await screen.findByText("Over: waits for a request to return");
    fireEvent.click(screen.getByRole("button", { name: "Player asked to return" }));
    const dialog = await screen.findByRole("dialog", { name: "Record the player's request to return" });
    fireEvent.change(within(dialog).getByLabelText("How the player asked (kept in the audit log)"), {
      target: { value: "By phone" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Record request" }));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith("/return"))).toHaveLength(1));
    expect(calls.find((c) => c.path.endsWith("/return"))!.body).toEqual({ note: "By phone" });
  });
});
