import type { WithdrawalDetail } from "@croupier/contract/backoffice/money-review";
import type { PlayerDetail } from "@croupier/contract/backoffice/players";
import { ROLE_PERMISSIONS, type StaffRole } from "@croupier/contract/staff-permissions";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../../lib/staff-session";
import WithdrawalsPage from "../../routes/withdrawals";
import { AdjustBalanceAction } from "./adjust-balance-action";

const PLAYER_ID = "6f1c1f5e-8d53-4a55-9d39-1e0c1d0e2a11";
const WALLET_ID = "0d7a4a39-4c8e-4d0c-8a4c-2c7f3f3c0b11";
const WITHDRAWAL_ID = "9b2d6c1e-0a8b-4f1e-9a61-3c5e7f0b2d44";

const player = {
  profile: { id: PLAYER_ID, email: "jane@example.com" },
  wallets: [
    {
      id: WALLET_ID,
      currency: "USD",
      decimals: 2,
      cash: "40",
      bonus: "5",
      deferred_bonus: "0",
      wager: "0",
      active: true,
      status: "active",
    },
  ],
} as unknown as PlayerDetail;

const withdrawal: WithdrawalDetail = {
  id: WITHDRAWAL_ID,
  player_guid: PLAYER_ID,
  player_email: "jane@example.com",
  wallet_guid: WALLET_ID,
  currency_code: "USD",
  currency_decimals: 2,
  amount: "120.00",
  base_amount: "120.00",
  status: "pending",
  review_status: "in_review",
  method: "Visa / Mastercard",
  destination: "424242******4242",
  reviewed_by_email: null,
  reviewed_at: null,
  created_at: "2026-11-25T06:00:00.000Z",
  risk: {
    is_verified: false,
    deposits_total: "100.00",
    withdrawals_total: "0.00",
    password_changed_at: "2026-11-24T06:00:00.000Z",
    email_changed_at: null,
    shared_destination_players: 1,
    stakes_30d: "10.00",
    wins_30d: "100.00",
    return_percent_30d: "1000.00",
    flags: [
      "unverified",
      "withdrawing_more_than_deposited",
      "recent_password_change",
      "shared_payout_destination",
      "unusual_win_rate",
    ],
  },
  cash_balance: "0.00",
  bonus_balance: "0.00",
  logs: [
    { event_type: "created", executor: "player", comment: null, reason: null, changed_at: "2026-11-25T06:00:00.000Z" },
  ],
};

type Call = { method: string; path: string; body: unknown };
type Answer = { status: number; body: unknown };

const envelope = ({ status, body }: Answer) =>
  new Response(
    JSON.stringify({ status: status < 400 ? "ok" : "error", payload: body, metadata: { request_id: "r" } }),
    {
      status,
      headers: { "content-type": "application/json" },
    },
  );

/** The back-office API in memory; `answers` are the POSTs' answers in order. */
function fakeApi(role: StaffRole, answers: Answer[] = []) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const path = url.pathname.replace("/api/backoffice/v1", "");
      const text = request.method === "POST" ? await request.text() : "";
      calls.push({ method: request.method, path: `${path}${url.search}`, body: text ? JSON.parse(text) : undefined });
      if (path === "/me")
        return envelope({
          status: 200,
          body: {
            id: "5a1e4b0c-7d2f-4e1a-9c3b-8f6d2e1a0b99",
            email: `${role}@staff.test`,
            display_name: "Sam",
            role,
            permissions: ROLE_PERMISSIONS[role],
          },
        });
      if (path === "/withdrawals") return envelope({ status: 200, body: { items: [withdrawal], next_cursor: null } });
      if (path === `/withdrawals/${WITHDRAWAL_ID}` && request.method === "GET")
        return envelope({ status: 200, body: withdrawal });
      if (request.method === "POST")
        return envelope(answers.shift() ?? { status: 500, body: { code: "INTERNAL_ERROR", message: "x" } });
      return envelope({ status: 404, body: { code: "NOT_FOUND", message: "no route" } });
    }),
  );
  return { calls, posts: () => calls.filter((c) => c.method === "POST") };
}

function renderAt(path: string, element: ReactNode) {
  startStaffSession("test-token");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/withdrawals", element },
      { path: "/players/:id", element },
    ],
    { initialEntries: [path] },
  );
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

const adjustmentAnswer = (status: "applied" | "pending") => ({
  status: 200,
  body: {
    id: "1b0e1c8e-3f1e-4c55-8d7a-5f2e9b7c1a22",
    player_guid: PLAYER_ID,
    player_email: "jane@example.com",
    wallet_guid: WALLET_ID,
    currency_code: "USD",
    currency_decimals: 2,
    pocket: "cash",
    direction: "credit",
    amount: "10.00",
    base_amount: "10.00",
    reason: "Goodwill",
    status,
    requires_approval: status === "pending",
    requested_by: "5a1e4b0c-7d2f-4e1a-9c3b-8f6d2e1a0b33",
    requested_by_email: "finance@staff.test",
    decided_by: null,
    decided_by_email: null,
    decision_reason: null,
    decided_at: null,
    transfer_guid: status === "applied" ? "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e66" : null,
    created_at: "2026-11-25T06:00:00.000Z",
  },
});

describe("Adjust balance dialog", () => {
  it("checks amount and reason before calling, names the server's field error, and keeps one key per request", async () => {
    const api = fakeApi("finance", [
      {
        status: 409,
        body: {
          code: "NOT_ENOUGH_MONEY",
          message: "Only 40.00 USD is available",
          fields: [{ field: "body.amount", message: "is more than the 40.00 available" }],
        },
      },
      { status: 500, body: { code: "INTERNAL_ERROR", message: "boom" } },
      adjustmentAnswer("pending"),
    ]);
    renderAt(`/players/${PLAYER_ID}`, <AdjustBalanceAction player={player} />);
    fireEvent.click(screen.getByRole("button", { name: "Adjust balance…" }));
    const dialog = await screen.findByRole("dialog", { name: "Adjust balance" });
    expect(within(dialog).getByText("Now in cash: 40.00 USD")).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("button", { name: "Credit" }));
    expect(await within(dialog).findByText("A reason is required.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Amount (USD)"), { target: { value: "10.001" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Goodwill" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Credit" }));
    expect(await within(dialog).findByText("The amount must have at most 2 decimal places.")).toBeTruthy();
    expect(api.posts()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText("Direction"), { target: { value: "debit" } });
    fireEvent.change(within(dialog).getByLabelText("Amount (USD)"), { target: { value: "50" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Debit" }));
    expect(await within(dialog).findByText("is more than the 40.00 available")).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText("Direction"), { target: { value: "credit" } });
    fireEvent.change(within(dialog).getByLabelText("Amount (USD)"), { target: { value: "10" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Credit" }));
    await waitFor(() => expect(api.posts()).toHaveLength(2));
    // The same request again after a failure: the same key, so the server can never apply it twice.
    fireEvent.click(within(dialog).getByRole("button", { name: "Credit" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Adjust balance" })).toBeNull());
    const [first, second, third] = api.posts().map((c) => c.body as Record<string, string>);
    expect(first).toMatchObject({
      wallet_guid: WALLET_ID,
      pocket: "cash",
      direction: "debit",
      amount: "50",
      reason: "Goodwill",
    });
    expect(second).toMatchObject({ direction: "credit", amount: "10" });
    expect(third!.idempotency_key).toBe(second!.idempotency_key);
    expect(second!.idempotency_key).not.toBe(first!.idempotency_key);
  });
});

describe("Withdrawals page", () => {
  it("lists the queue with risk badges; the drawer shows the signals and declines only with a reason", async () => {
    const api = fakeApi("finance", [
      { status: 200, body: { ...withdrawal, review_status: "declined", status: "cancelled" } },
    ]);
    renderAt("/withdrawals", <WithdrawalsPage />);
    const table = await screen.findByRole("table", { name: "In review (oldest first)" });
    const row = await within(table).findByRole("row", { name: /jane@example.com/ });
    expect(within(row).getByText("Shared card/address")).toBeTruthy();
    expect(within(row).getByText("Win rate")).toBeTruthy();
    fireEvent.click(row);

    const drawer = await screen.findByRole("dialog", { name: "Withdrawal" });
    expect(await within(drawer).findByText("1 other player(s)")).toBeTruthy();
    expect(within(drawer).getByText(/\(1000\.00 %\)/)).toBeTruthy();
    fireEvent.click(within(drawer).getByRole("button", { name: "Decline…" }));
    const decline = await screen.findByRole("dialog", { name: "Decline 120.00 USD?" });
    fireEvent.click(within(decline).getByRole("button", { name: "Decline and return the money" }));
    expect(await within(decline).findByText("A reason is required.")).toBeTruthy();
    expect(api.posts()).toHaveLength(0);
    fireEvent.change(within(decline).getByLabelText("Reason"), { target: { value: "Verify first" } });
    fireEvent.click(within(decline).getByRole("button", { name: "Decline and return the money" }));
    await waitFor(() =>
      expect(api.posts()).toEqual([
        { method: "POST", path: `/withdrawals/${WITHDRAWAL_ID}/decline`, body: { reason: "Verify first" } },
      ]),
    );
  });

  it("a role without withdrawals.decide sees no decision buttons", async () => {
    fakeApi("support");
    renderAt(`/withdrawals?id=${WITHDRAWAL_ID}`, <WithdrawalsPage />);
    const drawer = await screen.findByRole("dialog", { name: "Withdrawal" });
    await within(drawer).findByText("Risk signals");
    expect(within(drawer).queryByRole("button", { name: "Approve…" })).toBeNull();
  });
});
