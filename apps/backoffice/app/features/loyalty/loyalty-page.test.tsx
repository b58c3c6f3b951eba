import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../../lib/staff-session";
import { LevelsTable } from "./levels-table";
import { MiningSettingsForm } from "./mining-settings-form";
import { PlayerCoinsPanel } from "./player-coins-panel";

const PLAYER = "6f1c1f5e-8d53-4a55-9d39-1e0c1d0e2a11";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const envelope = (payload: unknown) => json({ status: "ok", payload, metadata: { request_id: "r" } });

type Sent = { method: string; path: string; body: unknown };

function fakeApi(answers: Record<string, (body: unknown) => Response>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(input, "http://localhost"), { ...init, signal: undefined });
      const url = new URL(request.url);
      const path = url.pathname.replace("/api/backoffice/v1", "");
      const body = request.method === "GET" ? undefined : await request.json().catch(() => undefined);
      sent.push({ method: request.method, path, body });
      const answer = answers[`${request.method} ${path}`];
      return answer ? answer(body) : json({ status: "error", payload: { code: "NOT_FOUND", message: "no" }, metadata: {} }, 404);
    }),
  );
  return sent;
}

function show(node: React.ReactNode) {
  startStaffSession("test-token");
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{node}</QueryClientProvider>);
}

afterEach(() => {
  cleanup();
  endStaffSession();
  vi.unstubAllGlobals();
});

const LEVELS = [
  { level: 1, name: "Bronze", threshold_usd: "0", coin_multiplier: "1" },
  { level: 2, name: "Silver", threshold_usd: "1000", coin_multiplier: "1.2" },
];

describe("loyalty console", () => {
  it("lists the levels and adds one with the next number", async () => {
    const sent = fakeApi({
      "GET /loyalty/levels": () => envelope(LEVELS),
      "POST /loyalty/levels": (body) => envelope(body),
    });
    show(<LevelsTable />);
    const table = await screen.findByRole("table", { name: "Loyalty levels" });
    expect(within(table).getByText("Silver")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add a level" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a level" });
    expect((within(dialog).getByLabelText("Level number") as HTMLInputElement).value).toBe("3");
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Gold" } });
    fireEvent.change(within(dialog).getByLabelText("Wagered from (USD)"), { target: { value: "10000" } });
    fireEvent.change(within(dialog).getByLabelText("Coin multiplier"), { target: { value: "1.5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent.some((s) => s.method === "POST")).toBe(true));
    expect(sent.find((s) => s.method === "POST")!.body).toEqual({ level: 3, name: "Gold", threshold_usd: "10000", coin_multiplier: "1.5" });
  });

  it("shows the server's field error on the mining settings", async () => {
    fakeApi({
      "GET /loyalty/mining-settings": () =>
        envelope({ active_speed_per_hour: "10", passive_speed_per_hour: "1", accrual_period_hours: "1", activity_window_seconds: 300, mining_active_days: 30, updated_at: "2026-11-28T10:00:00.000Z" }),
      "PUT /loyalty/mining-settings": () =>
        json(
          {
            status: "error",
            payload: { code: "VALIDATION_ERROR", message: "accrual_period_hours", fields: [{ field: "body.accrual_period_hours", message: "must be between 0.001 and 720" }] },
            metadata: {},
          },
          400,
        ),
    });
    show(<MiningSettingsForm />);
    const period = await screen.findByLabelText("Accrual period (hours)");
    fireEvent.change(period, { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Save mining settings" }));
    expect(await screen.findByText("must be between 0.001 and 720")).toBeTruthy();
  });

  it("finds a player's coins and adjusts them with a reason and a key", async () => {
    const player = (balance: string) => ({
      player_guid: PLAYER,
      level: 2,
      level_name: "Silver",
      wagered_usd: "1500",
      last_played_at: null,
      mined_until: null,
      coin_balance: balance,
      transfers: [],
    });
    const sent = fakeApi({
      [`GET /loyalty/players/${PLAYER}`]: () => envelope(player("12")),
      [`POST /loyalty/players/${PLAYER}/coins`]: () => envelope(player("17")),
    });
    show(<PlayerCoinsPanel />);
    fireEvent.change(screen.getByLabelText("Player id"), { target: { value: PLAYER } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    expect((await screen.findByTestId("player-coin-balance")).textContent).toBe("12");
    fireEvent.change(screen.getByLabelText("Coins (+ or −)"), { target: { value: "5" } });
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "goodwill" } });
    fireEvent.click(screen.getByRole("button", { name: "Adjust coins" }));
    await waitFor(() => expect(screen.getByTestId("player-coin-balance").textContent).toBe("17"));
    expect(sent.find((s) => s.method === "POST")!.body).toEqual({ amount: "5", reason: "goodwill", idempotency_key: expect.any(String) });
  });
});
