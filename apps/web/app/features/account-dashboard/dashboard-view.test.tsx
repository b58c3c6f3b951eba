import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { AccountDashboard } from "@croupier/contract/entities/account";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAuth } from "../../lib/client-auth";
import { DashboardView } from "./dashboard-view";

const PLAYER = "20000000-0000-4000-8000-000000000001";

const day = (date: string, netDeposits: string, netLoss: string) => ({
  date,
  deposits: "0.00",
  withdrawals: "0.00",
  stakes: "0.00",
  wins: "0.00",
  net_deposits: netDeposits,
  net_loss: netLoss,
});

const withActivity: AccountDashboard = {
  range_days: 30,
  from: "2026-01-01",
  to: "2026-01-30",
  currencies: [
    {
      currency_guid: "30000000-0000-4000-8000-000000000001",
      currency_code: "USD",
      totals: {
        deposits: "1000.00",
        withdrawals: "30.00",
        stakes: "10.00",
        wins: "4.00",
        net_deposits: "970.00",
        net_loss: "6.00",
      },
      days: [day("2026-01-29", "0.00", "0.00"), day("2026-01-30", "970.00", "6.00")],
    },
  ],
};

let answer: AccountDashboard;
let asked: string[];

beforeEach(() => {
  answer = withActivity;
  asked = [];
  // recharts measures its container; jsdom has no ResizeObserver.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal("fetch", async (input: Request) => {
    asked.push(new URL(input.url).search);
    return new Response(JSON.stringify({ status: "ok", payload: answer, metadata: { request_id: "t" } }), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
  act(() => clientAuth.set(true, PLAYER));
});

afterEach(() => {
  cleanup();
  act(() => clientAuth.set(false, null));
  vi.unstubAllGlobals();
});

function renderDashboard() {
  const Stub = createRoutesStub([{ path: "/*", Component: DashboardView }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={["/account/dashboard"]} />
    </QueryClientProvider>,
  );
}

describe("DashboardView", () => {
  it("shows a skeleton, then each currency's figures and its chart", async () => {
    renderDashboard();
    expect(screen.getByRole("status", { name: "Loading your figures" })).toBeTruthy();
    const usd = await screen.findByRole("region", { name: "USD over 30 days" });
    const figure = (label: string) => within(usd).getByText(label).nextElementSibling?.textContent;
    expect(figure("Deposits")).toBe("1,000.00 USD");
    expect(figure("Net deposits")).toBe("970.00 USD");
    expect(figure("Net loss")).toBe("6.00 USD");
    expect(within(usd).getByRole("img").getAttribute("aria-label")).toContain("net deposits 970.00 USD");
    expect(asked).toEqual(["?days=30"]);
  });

  it("asks for another range when the player picks it", async () => {
    renderDashboard();
    await screen.findByRole("region", { name: "USD over 30 days" });
    fireEvent.click(screen.getByRole("button", { name: "7 days" }));
    await screen.findByRole("region", { name: "USD over 7 days" });
    expect(asked).toContain("?days=7");
    expect(screen.getByRole("button", { name: "7 days" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("says No activity yet, with a way to deposit, when nothing moved", async () => {
    answer = { ...withActivity, currencies: [] };
    renderDashboard();
    expect(await screen.findByText("No activity yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Deposit" }).getAttribute("href")).toBe("/account/dashboard?modal=deposit");
  });
});
