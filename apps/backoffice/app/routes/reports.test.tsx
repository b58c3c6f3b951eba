import type { DailyReport, DailyReportRow, ProviderReport } from "@croupier/contract/backoffice/reports";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../lib/staff-session";
import ReportsPage from "./reports";

const day = (date: string, extra: Partial<DailyReportRow> = {}): DailyReportRow => ({
  date,
  currency: "JPY",
  deposits: "0",
  withdrawals: "0",
  stakes: "0",
  wins: "0",
  ggr: "0",
  bonus_cost: "0",
  ngr: "0",
  adjustments: "0",
  active_players: 0,
  first_time_depositors: 0,
  ...extra,
});

const daily: DailyReport = {
  from: "2026-11-24",
  to: "2026-11-25",
  time_zone: "UTC",
  days: [
    day("2026-11-24", { deposits: "15000", first_time_depositors: 1 }),
    day("2026-11-25", {
      deposits: "340000",
      withdrawals: "50000",
      stakes: "35000",
      wins: "25000",
      ggr: "10000",
      bonus_cost: "30000",
      ngr: "-20000",
      active_players: 2,
    }),
  ],
  totals: [
    {
      currency: "JPY",
      deposits: "355000",
      withdrawals: "50000",
      stakes: "35000",
      wins: "25000",
      ggr: "10000",
      bonus_cost: "30000",
      ngr: "-20000",
      adjustments: "0",
      active_players: 2,
      first_time_depositors: 3,
    },
  ],
};
const providers: ProviderReport = {
  from: daily.from,
  to: daily.to,
  time_zone: "UTC",
  rows: [{ provider: "house", currency: "JPY", stakes: "35000", wins: "25000", ggr: "10000", rounds: 4, players: 2 }],
};

const asked: URL[] = [];

beforeEach(() => {
  asked.length = 0;
  // Recharts measures its container; jsdom has no layout.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  const envelope = (payload: unknown, metadata: Record<string, unknown> = {}) =>
    new Response(JSON.stringify({ status: "ok", payload, metadata: { request_id: "r", ...metadata } }), {
      headers: { "content-type": "application/json" },
    });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      asked.push(url);
      const path = url.pathname.replace("/api/backoffice/v1", "");
      if (path === "/reports/currencies")
        return envelope([
          { code: "USD", decimals: 2 },
          { code: "JPY", decimals: 0 },
        ]);
      if (path === "/reports/daily") return envelope(daily);
      if (path === "/reports/providers") return envelope(providers);
      if (path === "/reports/games") return envelope([], { page: 1, per_page: 25, total: 0 });
      return new Response("{}", { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endStaffSession();
});

function renderPage(search = "?from=2026-11-24&to=2026-11-25&currency=JPY") {
  startStaffSession("test-token");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/reports", Component: ReportsPage }], {
    initialEntries: [`/reports${search}`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("reports page", () => {
  it("asks for the window in the address and shows totals, days and providers in the currency's decimals", async () => {
    renderPage();
    const totals = await screen.findByRole("region", { name: "Totals in JPY" }, { timeout: 5000 });
    const card = (label: string) => within(totals).getByText(label).nextElementSibling?.textContent;
    expect(card("GGR")).toBe("10,000");
    expect(card("NGR")).toBe("-20,000");
    expect(card("Deposits")).toBe("355,000");
    expect(card("First-time depositors")).toBe("3");
    const days = within(screen.getByRole("table", { name: "Daily figures" })).getAllByRole("row");
    expect(days.map((r) => r.querySelector("th")?.textContent)).toEqual(["Day", "2026-11-25", "2026-11-24"]);
    expect(within(screen.getByRole("table", { name: "Figures per game provider" })).getByText("house")).toBeTruthy();
    await screen.findByText("No game was played in this window");
    const dailyCall = asked.find((u) => u.pathname.endsWith("/reports/daily"))!;
    expect(Object.fromEntries(dailyCall.searchParams)).toEqual({
      from: "2026-11-24",
      to: "2026-11-25",
      currency: "JPY",
    });
  });

  it("says what is wrong with a window before asking the server", async () => {
    const router = renderPage();
    await screen.findByRole("region", { name: "Totals in JPY" }, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText("Last day"), { target: { value: "2026-11-01" } });
    expect(screen.getByText("The last day must be on or after the first.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Show" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("First day"), { target: { value: "2026-10-01" } });
    fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Days in"), { target: { value: "Europe/Malta" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() => expect(router.state.location.search).toBe("?from=2026-10-01&to=2026-11-01&tz=Europe%2FMalta"));
    await waitFor(() => expect(asked.some((u) => u.searchParams.get("tz") === "Europe/Malta")).toBe(true));
  });
});
