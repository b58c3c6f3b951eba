import type { CashbackCampaignRow, CashbackRunRow } from "@croupier/contract/backoffice/cashback";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../../lib/staff-session";
import { CashbackCampaignsTable } from "./cashback-campaigns-table";

const CAMPAIGN_ID = "9b2d6c1e-0a8b-4f1e-9a61-3c5e7f0b2d44";
const RUN_ID = "3c1b7a52-2f0e-4c1d-9a8b-6e5d4c3b2a10";

type Call = { method: string; path: string; body: unknown };

const envelope = (status: number, body: unknown) =>
  new Response(JSON.stringify({ status: status < 400 ? "ok" : "error", payload: body, metadata: { request_id: "r" } }), {
    status,
    headers: { "content-type": "application/json" },
  });

function fakeApi(answers: Record<string, { status: number; body: unknown }>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(input, "http://localhost"), { ...init, signal: undefined });
      const path = new URL(request.url).pathname.replace("/api/backoffice/v1", "");
      const text = request.method === "GET" ? "" : await request.text();
      calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
      const answer = answers[`${request.method} ${path}`];
      return answer ? envelope(answer.status, answer.body) : envelope(404, { code: "NOT_FOUND", message: "no route" });
    }),
  );
  return { writes: () => calls.filter((c) => c.method !== "GET") };
}

function renderWith(element: ReactNode) {
  startStaffSession("test-token");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/", element }], { initialEntries: ["/"] });
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

const campaign = (status: CashbackCampaignRow["status"]): CashbackCampaignRow => ({
  bonus_guid: CAMPAIGN_ID,
  bonus_name: "Weekly cashback",
  status,
  cashback_period: "weekly",
  current_period_start: "2026-11-23T00:00:00.000000Z",
  current_period_end: "2026-11-30T00:00:00.000000Z",
  runs_count: 2,
  last_run_status: "completed",
});

const run: CashbackRunRow = {
  guid: RUN_ID,
  bonus_guid: CAMPAIGN_ID,
  version_guid: CAMPAIGN_ID,
  period_start: "2026-11-23T00:00:00.000000Z",
  period_end: "2026-11-28T06:00:00.000000Z",
  status: "counting",
  closed_by: "staff",
  staff_guid: null,
  wallets_count: 0,
  paid_count: 0,
  skipped_count: 0,
  pending_count: 0,
  totals: [],
  created_at: "2026-11-28T06:00:00.000000Z",
  completed_at: null,
};

describe("cashback campaigns", () => {
  it("lists campaigns with the running period and closes one now with a comment", async () => {
    const api = fakeApi({
      "GET /cashback/campaigns": { status: 200, body: [campaign("active")] },
      [`POST /cashback/campaigns/${CAMPAIGN_ID}/close-period`]: { status: 200, body: run },
    });
    renderWith(<CashbackCampaignsTable />);
    const table = await screen.findByRole("table", { name: "Cashback campaigns" });
    expect(within(table).getByRole("link", { name: "Weekly cashback" }).getAttribute("href")).toBe(`/cashback/${CAMPAIGN_ID}`);
    fireEvent.click(within(table).getByRole("button", { name: "Close period now…" }));
    const dialog = await screen.findByRole("dialog", { name: "Close the cashback period now" });
    fireEvent.change(within(dialog).getByLabelText(/Comment/), { target: { value: "month end" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Close the period" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.writes()).toEqual([{ method: "POST", path: `/cashback/campaigns/${CAMPAIGN_ID}/close-period`, body: { comment: "month end" } }]);
  });

  it("shows the server's refusal in the dialog, and offers no close for an ended campaign", async () => {
    fakeApi({
      "GET /cashback/campaigns": { status: 200, body: [campaign("active"), { ...campaign("ended"), bonus_guid: RUN_ID, bonus_name: "Old cashback" }] },
      [`POST /cashback/campaigns/${CAMPAIGN_ID}/close-period`]: {
        status: 409,
        body: { code: "CONFLICT", message: "The current period has not started yet: there is nothing to close." },
      },
    });
    renderWith(<CashbackCampaignsTable />);
    const table = await screen.findByRole("table", { name: "Cashback campaigns" });
    expect(within(table).getAllByRole("button", { name: "Close period now…" })).toHaveLength(1);
    fireEvent.click(within(table).getByRole("button", { name: "Close period now…" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Close the period" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("nothing to close");
  });

  it("says how to start when there is no cashback campaign", async () => {
    fakeApi({ "GET /cashback/campaigns": { status: 200, body: [] } });
    renderWith(<CashbackCampaignsTable />);
    expect(await screen.findByText("No cashback campaigns yet")).toBeTruthy();
  });
});
