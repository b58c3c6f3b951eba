import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MyBonusesView } from "./my-bonuses-view";
import { customerBonus } from "./test-fixtures";

const auth = vi.hoisted(() => ({ authenticated: true }));
vi.mock("../../lib/use-auth", () => ({
  useAuth: () => ({ userId: auth.authenticated ? "20000000-0000-4000-8000-000000000001" : null, authenticated: auth.authenticated }),
}));
const toasts = vi.hoisted(() => ({ success: [] as string[], error: [] as string[] }));
vi.mock("../../lib/toasts", () => ({
  toastSuccess: (message: string) => toasts.success.push(message),
  toastError: (message: string) => toasts.error.push(message),
  toastServerError: () => undefined,
}));

type Call = { method: string; path: string; query: Record<string, string> };
let calls: Call[];
let list: (query: Record<string, string>) => { status: number; body: unknown };
let patch: Record<string, { status: number; body: unknown }>;

const ok = (payload: unknown, metadata: Record<string, unknown> = {}) => ({
  status: 200,
  body: { status: "ok", payload, metadata: { request_id: "t", ...metadata } },
});
const failure = (status: number, code: string, message: string) => ({
  status,
  body: { status: "error", payload: { code, message }, metadata: { request_id: "t" } },
});

function serve() {
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    calls.push({ method: request.method, path: url.pathname, query });
    const answer =
      request.method === "GET" && url.pathname === "/api/v1/bonuses/list"
        ? list(query)
        : (patch[`${request.method} ${url.pathname}`] ?? failure(404, "NOT_FOUND", "No such endpoint"));
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
  });
}

const moneyMoved = vi.fn();
function show() {
  const Stub = createRoutesStub([{ path: "/*", Component: () => <MyBonusesView onMoneyMoved={moneyMoved} /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={["/bonus-hub/my-bonuses"]} />
    </QueryClientProvider>,
  );
}

const OPEN = "offered,active";
const HISTORY = "completed,expired,cancelled,lost";

beforeEach(() => {
  auth.authenticated = true;
  calls = [];
  patch = {};
  toasts.success = [];
  toasts.error = [];
  moneyMoved.mockReset();
  list = () => ok([], { page: 1, per_page: 10, total: 0 });
  serve();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("my bonuses", () => {
  it("shows the active bonus: wagering progress bar, amount left, bonus balance and the expiry countdown", async () => {
    list = (q) => (q.status === OPEN ? ok([customerBonus({ progress_percent: 40, wager_left: "300.00", bonus_balance: "42.10" })], { total: 1 }) : ok([], { total: 0 }));
    show();
    const bar = await screen.findByRole("progressbar", { name: "Wagering progress: Welcome bonus" });
    expect(bar.getAttribute("aria-valuenow")).toBe("40");
    expect(bar.getAttribute("aria-valuemin")).toBe("0");
    expect(bar.getAttribute("aria-valuemax")).toBe("100");
    expect(bar.getAttribute("aria-valuetext")).toBe("40% wagered, 300.00 USD left to wager");
    expect(within(screen.getByTestId("wager-left")).getByText("300.00 USD")).toBeTruthy();
    expect(within(screen.getByTestId("wager-left")).getByText("of 500.00 USD")).toBeTruthy();
    expect(within(screen.getByTestId("bonus-balance")).getByText("42.10 USD")).toBeTruthy();
    // 2 days 3 hours away (the fixture's deadline).
    expect(within(screen.getByTestId("expires-in")).getByRole("timer").textContent).toMatch(/^2d (2|3)h \d+m$/);
    expect(screen.queryByTestId("free-spins-left")).toBeNull();
    // The lists ask for open and finished bonuses separately.
    expect(calls.filter((c) => c.path === "/api/v1/bonuses/list").map((c) => c.query.status).sort()).toEqual([HISTORY, OPEN].sort());
  });

  it("shows free spins left on a free-spin bonus", async () => {
    list = (q) => (q.status === OPEN ? ok([customerBonus({ bonus_type: "free_spins", free_spins_left: 7, free_spin_count: 10 })]) : ok([]));
    show();
    expect(within(await screen.findByTestId("free-spins-left")).getByText("7")).toBeTruthy();
  });

  it("cancels only after a confirmation that says the bonus money and its winnings are forfeited", async () => {
    list = (q) => (q.status === OPEN ? ok([customerBonus()]) : ok([]));
    patch[`PATCH /api/v1/bonuses/cancel/${customerBonus().guid}`] = ok(customerBonus({ status: "cancelled", forfeited_amount: "50.00" }));
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Cancel bonus" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel Welcome bonus?" });
    expect(dialog.textContent).toContain("removes your bonus money and any winnings made with it");
    expect(dialog.textContent).toContain("50.00 USD");
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel bonus and forfeit" }));
    await waitFor(() => expect(toasts.success).toEqual(["Bonus cancelled: Welcome bonus. 50.00 USD of bonus money was removed."]));
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.path)).toEqual([`/api/v1/bonuses/cancel/${customerBonus().guid}`]);
    expect(moneyMoved).toHaveBeenCalled();
  });

  it("keeps the bonus when the player backs out of the confirmation", async () => {
    list = (q) => (q.status === OPEN ? ok([customerBonus()]) : ok([]));
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Cancel bonus" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Keep my bonus" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  it("activates an offered bonus after showing its full terms, with the activation deadline", async () => {
    const offered = customerBonus({
      guid: "80000000-0000-4000-8000-000000000002",
      status: "offered",
      activation_expiration_date: "2030-01-15T10:00:00.000Z",
      progress_percent: 0,
      terms: "Full terms: one per person.",
    });
    list = (q) => (q.status === OPEN ? ok([offered]) : ok([]));
    patch[`PATCH /api/v1/bonuses/activate/${offered.guid}`] = ok({ ...offered, status: "active" });
    show();
    const card = await screen.findByTestId("offered-bonus");
    expect(card.textContent).toContain("Activate by Jan 15, 2030, 10:00 AM UTC");
    fireEvent.click(within(card).getByRole("button", { name: "Activate" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Activate Welcome bonus?" });
    expect(within(dialog).getByLabelText("Full terms").textContent).toBe("Full terms: one per person.");
    expect(dialog.textContent).toContain("Wager ×10 (500 USD)");
    fireEvent.click(within(dialog).getByRole("button", { name: "Accept terms and activate" }));
    await waitFor(() => expect(toasts.success).toEqual(["Your bonus is active: Welcome bonus"]));
    expect(calls.some((c) => c.method === "PATCH" && c.path === `/api/v1/bonuses/activate/${offered.guid}`)).toBe(true);
  });

  it("shows the server's refusal when activation is not possible", async () => {
    const offered = customerBonus({ guid: "80000000-0000-4000-8000-000000000003", status: "offered" });
    list = (q) => (q.status === OPEN ? ok([offered]) : ok([]));
    patch[`PATCH /api/v1/bonuses/activate/${offered.guid}`] = failure(409, "CONFLICT", "You already have an active bonus on this wallet.");
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Activate" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Accept terms and activate" }));
    await waitFor(() => expect(toasts.error).toEqual(["You already have an active bonus on this wallet."]));
  });

  it("disables Activate while another bonus is active on the same wallet", async () => {
    const offered = customerBonus({ guid: "80000000-0000-4000-8000-000000000004", status: "offered" });
    list = (q) => (q.status === OPEN ? ok([customerBonus(), offered]) : ok([]));
    show();
    expect(((await screen.findByRole("button", { name: "Activate" })) as HTMLButtonElement).disabled).toBe(true);
  });

  it("pages through the history of finished bonuses", async () => {
    const past = (n: number, over = {}) =>
      customerBonus({ guid: `80000000-0000-4000-8000-0000000001${String(n).padStart(2, "0")}`, bonus_name: `Past ${n}`, status: "expired", forfeited_amount: "5.00", finished_at: "2026-01-02T00:00:00.000Z", ...over });
    list = (q) => {
      if (q.status === OPEN) return ok([]);
      const page = Number(q.page);
      return page === 1
        ? ok([past(1, { status: "completed", converted_amount: "20.00", forfeited_amount: null }), past(2)], { page: 1, per_page: 10, total: 12 })
        : ok([past(11, { status: "lost" })], { page: 2, per_page: 10, total: 12 });
    };
    show();
    const items = await screen.findAllByTestId("past-bonus");
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain("Completed");
    expect(items[0]!.textContent).toContain("20.00 USD moved to cash");
    expect(items[1]!.textContent).toContain("5.00 USD forfeited");
    expect(screen.getByText("No active bonus. Activate one below or claim a promotion.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Older" }));
    await waitFor(() => expect(screen.getByText("Past 11")).toBeTruthy());
    expect(screen.getByText("Page 2 of 2")).toBeTruthy();
    expect(calls.some((c) => c.query.status === HISTORY && c.query.page === "2" && c.query.per_page === "10")).toBe(true);
  });

  it("shows skeletons while loading, then an empty state", async () => {
    show();
    expect(screen.getByRole("status", { name: "Loading your bonuses" })).toBeTruthy();
    expect(await screen.findByText("No bonuses yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See promotions" }).getAttribute("href")).toBe("/bonus-hub/promo");
  });

  it("says so when the bonuses cannot be loaded", async () => {
    list = () => failure(400, "BAD_REQUEST", "nope");
    show();
    expect((await screen.findByRole("alert")).textContent).toContain("Your bonuses could not be loaded.");
  });

  it("asks a visitor to log in and fetches nothing", async () => {
    auth.authenticated = false;
    show();
    expect(await screen.findByText("Log in to see your bonuses")).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
