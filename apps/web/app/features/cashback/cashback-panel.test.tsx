import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CashbackPanel } from "./cashback-panel";

const auth = vi.hoisted(() => ({ authenticated: true }));
vi.mock("../../lib/use-auth", () => ({
  useAuth: () => ({ userId: auth.authenticated ? "20000000-0000-4000-8000-000000000001" : null, authenticated: auth.authenticated }),
}));

const ok = (payload: unknown, metadata: Record<string, unknown> = {}) => ({
  status: 200,
  body: { status: "ok", payload, metadata: { request_id: "t", ...metadata } },
});

let answers: Record<string, { status: number; body: unknown }>;
let paths: string[];

const estimate = {
  bonus_guid: "30000000-0000-4000-8000-000000000001",
  bonus_name: "Weekly cashback",
  cashback_period: "weekly",
  wallet_guid: "40000000-0000-4000-8000-000000000001",
  currency: "USD",
  period_start: "2026-11-23T00:00:00.000000Z",
  period_end: "2026-11-30T00:00:00.000000Z",
  cashback_percent: "10",
  max_bonus_sum: "500.00",
  net_loss: "40.00",
  estimate: "4.00",
};
const received = {
  guid: "50000000-0000-4000-8000-000000000001",
  bonus_name: "Weekly cashback",
  bonus_amount: "12.50",
  currency_code: "USD",
  status: "completed",
  created_at: "2026-11-23T00:00:05.000Z",
};

function show() {
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    paths.push(url.pathname);
    const answer = answers[url.pathname] ?? { status: 404, body: { status: "error", payload: { code: "NOT_FOUND", message: "no" }, metadata: { request_id: "t" } } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
  });
  const Stub = createRoutesStub([{ path: "/*", Component: () => <CashbackPanel /> }]);
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={["/bonus-hub/my-bonuses"]} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  auth.authenticated = true;
  paths = [];
  answers = {
    "/api/v1/bonuses/cashback/estimate": ok([estimate]),
    "/api/v1/bonuses/cashback/list": ok([received], { page: 1, per_page: 5, total: 1 }),
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("cashback panel", () => {
  it("shows the running period's estimate and the cashback received", async () => {
    show();
    const section = await screen.findByRole("region", { name: "Cashback" });
    expect(within(section).getByText("4.00 USD")).toBeTruthy();
    expect(section.textContent).toContain("net loss of 40.00 USD");
    expect(section.textContent).toContain("10% of your net loss this week");
    expect(section.textContent).toContain("up to 500.00 USD");
    const list = within(section).getByRole("list", { name: "Cashback received" });
    expect(list.textContent).toContain("12.50 USD");
    expect(list.textContent).toContain("Paid out");
  });

  it("says so when there is no loss yet, and renders nothing with no cashback at all", async () => {
    answers["/api/v1/bonuses/cashback/estimate"] = ok([{ ...estimate, net_loss: "-5.00", estimate: "0.00" }]);
    answers["/api/v1/bonuses/cashback/list"] = ok([], { total: 0 });
    const first = show();
    expect(await screen.findByText("No net loss so far in this period: nothing to pay back.")).toBeTruthy();
    first.unmount();
    answers["/api/v1/bonuses/cashback/estimate"] = ok([]);
    show();
    await vi.waitFor(() => expect(paths.filter((p) => p.endsWith("/estimate")).length).toBeGreaterThanOrEqual(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: "Cashback" })).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("asks nothing for a visitor", async () => {
    auth.authenticated = false;
    show();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(paths).toEqual([]);
    expect(screen.queryByRole("region")).toBeNull();
  });
});
