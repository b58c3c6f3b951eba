import type { StaffPromoCode } from "@croupier/contract/backoffice/promo-codes";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../../lib/staff-session";
import PromoCodesPage from "../../routes/promo-codes";

const CAMPAIGN = "9b2d6c1e-0a8b-4f1e-9a61-3c5e7f0b2d44";
const CODE = "3c1b7a52-2f0e-4c1d-9a8b-6e5d4c3b2a10";

type Call = { method: string; path: string; query: string; body: unknown };

const envelope = (status: number, body: unknown, metadata: Record<string, unknown> = {}) =>
  new Response(
    JSON.stringify({
      status: status < 400 ? "ok" : "error",
      payload: body,
      metadata: { request_id: "r", ...metadata },
    }),
    {
      status,
      headers: { "content-type": "application/json" },
    },
  );

const row = (overrides: Partial<StaffPromoCode> = {}): StaffPromoCode => ({
  guid: CODE,
  bonus_guid: CAMPAIGN,
  bonus_name: "FREE10 bonus",
  bonus_type: "fixed_amount",
  code: "FREE10",
  name: "FREE10",
  conditions: "",
  email: null,
  start_date: null,
  end_date: null,
  multiple_use: true,
  multiple_use_count: 0,
  used_count: 3,
  segment_guids: [],
  country_codes: ["GB"],
  batch_guid: null,
  status: "active",
  created_by: null,
  created_at: "2026-11-28T00:00:00.000Z",
  updated_at: "2026-11-28T00:00:00.000Z",
  ...overrides,
});

function fakeApi(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request =
        input instanceof Request
          ? input
          : new Request(new URL(input, "http://localhost"), { ...init, signal: undefined });
      const url = new URL(request.url);
      const text = request.method === "GET" ? "" : await request.text();
      const call = {
        method: request.method,
        path: url.pathname.replace("/api/backoffice/v1", ""),
        query: url.search,
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

function renderPage() {
  startStaffSession("test-token");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/", element: <PromoCodesPage /> }], { initialEntries: ["/"] });
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

describe("Promo codes page", () => {
  it("lists codes with their use and disables one", async () => {
    let status: StaffPromoCode["status"] = "active";
    const calls = fakeApi((call) => {
      if (call.method === "GET" && call.path === "/promo-codes")
        return envelope(200, [row({ status })], { page: 1, per_page: 25, total: 1 });
      if (call.method === "GET" && call.path === "/bonus-campaigns")
        return envelope(200, [], { page: 1, per_page: 100, total: 0 });
      if (call.method === "POST" && call.path === `/promo-codes/${CODE}/status`) {
        status = (call.body as { status: StaffPromoCode["status"] }).status;
        return envelope(200, row({ status }));
      }
      return envelope(404, { code: "NOT_FOUND", message: "no route" });
    });
    renderPage();
    const grid = await screen.findByRole("table", { name: "Promo codes" });
    await within(grid).findByText("FREE10");
    expect(within(grid).getByText("3 / ∞")).toBeTruthy();
    expect(within(grid).getByText("GB")).toBeTruthy();
    fireEvent.click(within(grid).getByRole("button", { name: "Disable FREE10" }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "POST" && (c.body as { status: string }).status === "disabled")).toBe(true),
    );
    await within(grid).findByRole("button", { name: "Enable FREE10" });
  });

  it("a new code shows the server's field error", async () => {
    fakeApi((call) => {
      if (call.method === "GET") return envelope(200, [], { page: 1, per_page: 25, total: 0 });
      return envelope(409, {
        code: "CONFLICT",
        message: "This code already exists.",
        fields: [{ field: "body.code", message: "already exists" }],
      });
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "New code" }));
    const dialog = await screen.findByRole("dialog", { name: "New promo code" });
    fireEvent.change(within(dialog).getByLabelText("Code"), { target: { value: "welcome100" } });
    expect((within(dialog).getByLabelText("Code") as HTMLInputElement).value).toBe("WELCOME100");
    fireEvent.click(within(dialog).getByRole("button", { name: "Create code" }));
    expect((await within(dialog).findByText("already exists")).getAttribute("role")).toBe("alert");
  });

  it("a new code restricted to a chosen segment sends its guid", async () => {
    const SEGMENT = "5e0c2b7a-1d3f-4a6b-8c9d-0e1f2a3b4c5d";
    const segment = {
      guid: SEGMENT,
      name: "High rollers",
      group_name: "VIP",
      fetch_interval: 0,
      data: {},
      is_default: false,
      rules: [],
      payment_segment_guid: null,
      payment_segment_name: null,
      rule_members: 0,
      manual_members: 2,
      created_at: "2026-11-28T00:00:00.000Z",
      updated_at: "2026-11-28T00:00:00.000Z",
    };
    const calls = fakeApi((call) => {
      if (call.method === "GET" && call.path === "/segments")
        return envelope(200, [segment], { page: 1, per_page: 100, total: 1 });
      if (call.method === "GET") return envelope(200, [], { page: 1, per_page: 25, total: 0 });
      return envelope(200, row({ code: "VIP50", segment_guids: [SEGMENT] }));
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "New code" }));
    const dialog = await screen.findByRole("dialog", { name: "New promo code" });
    fireEvent.change(within(dialog).getByLabelText("Code"), { target: { value: "VIP50" } });
    fireEvent.click(await within(dialog).findByRole("checkbox", { name: "VIP / High rollers" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Create code" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.path === "/promo-codes")).toBe(true));
    const created = calls.find((c) => c.method === "POST" && c.path === "/promo-codes")!;
    expect((created.body as { segment_guids: string[] }).segment_guids).toEqual([SEGMENT]);
  }, 20_000);
});
