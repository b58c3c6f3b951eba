import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CoinPageView } from "./coin-page-view";
import { liveCoins } from "./coin-counter";

vi.mock("../../lib/use-auth", () => ({
  useAuth: () => ({ userId: "20000000-0000-4000-8000-000000000001", authenticated: true }),
}));
const toasts = vi.hoisted(() => ({ success: [] as string[], error: [] as string[] }));
vi.mock("../../lib/toasts", () => ({
  toastSuccess: (message: string) => toasts.success.push(message),
  toastError: (message: string) => toasts.error.push(message),
  toastServerError: () => undefined,
}));

const ok = (payload: unknown) => ({ status: 200, body: { status: "ok", payload, metadata: { request_id: "t" } } });
const lastAccrual = new Date(Date.now() - 60_000).toISOString();
const speed = {
  segment: null,
  loyalty_level: 2,
  speed_per_hour: "12",
  speed_per_second: "0.00333333",
  active_speed_per_hour: "12",
  passive_speed_per_hour: "1.2",
  next_accrual_time: new Date(Date.now() + 3_540_000).toISOString(),
  accrual_period_hours: "1",
  multiplier_applied: "1.2",
  is_active: true,
};
const status = {
  level: 2,
  level_name: "Silver",
  coin_multiplier: "1.2",
  wagered_usd: "5500",
  next_level: { level: 3, name: "Gold", threshold_usd: "10000", coin_multiplier: "1.5" },
  progress_percent: 50,
  levels: [],
};
const shopItem = {
  bonus_guid: "30000000-0000-4000-8000-000000000001",
  bonus_name: "Coin bonus",
  description: "",
  icon: null,
  coin_price: "100",
  amounts: [{ currency_guid: "40000000-0000-4000-8000-000000000001", currency_code: "USD", amount: "10.00" }],
  bonus_wager: "5",
};
let posts: Array<{ path: string; body: unknown }>;
let exchangeAnswer: { status: number; body: unknown };

beforeEach(() => {
  posts = [];
  toasts.success.length = 0;
  toasts.error.length = 0;
  exchangeAnswer = ok({});
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    let answer: { status: number; body: unknown } = { status: 404, body: {} };
    if (url.pathname === "/api/v1/loyalty/coins") answer = ok({ balance: "150", last_accrual_at: lastAccrual, next_accrual_time: speed.next_accrual_time });
    if (url.pathname === "/api/v1/loyalty/mining/user-speed") answer = ok(speed);
    if (url.pathname === "/api/v1/loyalty/status") answer = ok(status);
    if (url.pathname === "/api/v1/loyalty/coin-shop") answer = ok([shopItem]);
    if (request.method === "POST") {
      posts.push({ path: url.pathname, body: await request.json() });
      answer = exchangeAnswer;
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CoinPageView />
    </QueryClientProvider>,
  );
}

describe("liveCoins", () => {
  it("adds the time since the last accrual at the current speed, and nothing while not mining", () => {
    const balance = { balance: "10", last_accrual_at: "2026-01-01T00:00:00.000Z", next_accrual_time: "2026-01-01T01:00:00.000Z" };
    const at = Date.parse("2026-01-01T00:30:00.000Z");
    expect(liveCoins(balance, { ...speed, speed_per_second: "0.01" }, at)).toBeCloseTo(28, 6);
    expect(liveCoins(balance, { ...speed, next_accrual_time: null }, at)).toBe(10);
  });
});

describe("CoinPageView", () => {
  it("shows skeletons, then the counter, the level with its progress and the shop", async () => {
    renderView();
    expect(screen.getByTestId("level-card-skeleton")).toBeTruthy();
    const counter = await screen.findByTestId("coin-counter");
    // 150 + ~60 s × 0.00333333
    expect(Number(counter.getAttribute("data-value"))).toBeGreaterThan(150.19);
    expect(screen.getByText(/Playing: 12 coins per hour/)).toBeTruthy();
    const progress = await screen.findByRole("progressbar", { name: "Progress to Gold" });
    expect(progress.getAttribute("aria-valuenow")).toBe("50");
    expect(screen.getByRole("heading", { name: "Level 2: Silver" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Coin bonus" })).toBeTruthy();
  });

  it("asks before exchanging, sends one key, and toasts the purchase", async () => {
    renderView();
    const item = await screen.findByTestId("coin-shop-item");
    await waitFor(() => expect((within(item).getByRole("button", { name: "Exchange" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(item).getByRole("button", { name: "Exchange" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Exchange 100 coins?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Exchange" }));
    await waitFor(() => expect(toasts.success).toEqual(["You bought Coin bonus. Find it under My bonuses."]));
    expect(posts).toHaveLength(1);
    expect(posts[0]!.path).toBe(`/api/v1/bonuses/coin/exchange/${shopItem.bonus_guid}`);
    expect(posts[0]!.body).toEqual({ idempotency_key: expect.any(String) });
  });

  it("says why an exchange was refused", async () => {
    exchangeAnswer = { status: 409, body: { status: "error", payload: { code: "NOT_ENOUGH_MONEY", message: "Not enough coins: this bonus costs 100 coins." }, metadata: { request_id: "t" } } };
    renderView();
    const item = await screen.findByTestId("coin-shop-item");
    await waitFor(() => expect((within(item).getByRole("button", { name: "Exchange" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(item).getByRole("button", { name: "Exchange" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Exchange" }));
    await waitFor(() => expect(toasts.error).toEqual(["Not enough coins: this bonus costs 100 coins."]));
  });
});
