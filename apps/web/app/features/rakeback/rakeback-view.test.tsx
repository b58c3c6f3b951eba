import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RakebackBalance, RakebackClaim } from "@croupier/contract/entities/rakeback";
import { RakebackView } from "./rakeback-view";

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

const WALLET = "30000000-0000-4000-8000-000000000001";
const balance = (over: Partial<RakebackBalance> = {}): RakebackBalance => ({
  wallet_guid: WALLET,
  currency_guid: "40000000-0000-4000-8000-000000000001",
  currency: "USD",
  available: "12.34",
  total_accrued: "20.00",
  total_claimed: "7.66",
  last_accrual_at: "2026-11-28T10:00:00.000Z",
  last_claim_at: null,
  last_claim_amount: null,
  campaign: {
    bonus_guid: "50000000-0000-4000-8000-000000000001",
    version_guid: "50000000-0000-4000-8000-000000000002",
    bonus_name: "Weekly rakeback",
    slots_percent: "1",
    live_percent: "0.5",
    payout: "cash",
    bonus_wager: "0",
  },
  claimable: true,
  reason: null,
  ...over,
});
const claim = (over: Partial<RakebackClaim> = {}): RakebackClaim => ({
  guid: "60000000-0000-4000-8000-000000000001",
  wallet_guid: WALLET,
  currency: "USD",
  amount: "12.34",
  payout: "cash",
  bonus_guid: "50000000-0000-4000-8000-000000000001",
  bonus_name: "Weekly rakeback",
  customer_bonus_guid: null,
  created_at: "2026-11-28T11:00:00.000Z",
  ...over,
});

type Answer = { status: number; body: unknown };
const ok = (payload: unknown, metadata: Record<string, unknown> = {}): Answer => ({
  status: 200,
  body: { status: "ok", payload, metadata: { request_id: "t", ...metadata } },
});
const failure = (status: number, code: string, message: string): Answer => ({
  status,
  body: { status: "error", payload: { code, message }, metadata: { request_id: "t" } },
});

let balances: () => Answer;
let claims: () => Answer;
let post: () => Answer;
let posts: { body: unknown; key: string | null }[];

function serve() {
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    let answer: Answer = failure(404, "NOT_FOUND", "No such endpoint");
    if (request.method === "GET" && url.pathname === "/api/v1/bonuses/rakeback") answer = balances();
    if (request.method === "GET" && url.pathname === "/api/v1/bonuses/rakeback/claims") answer = claims();
    if (request.method === "POST" && url.pathname === "/api/v1/bonuses/rakeback/claim") {
      posts.push({ body: await request.json(), key: request.headers.get("idempotency-key") });
      answer = post();
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
  });
}

const moneyMoved = vi.fn();
function show() {
  const Stub = createRoutesStub([{ path: "/*", Component: () => <RakebackView onMoneyMoved={moneyMoved} /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={["/bonus-hub/rakeback"]} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  auth.authenticated = true;
  posts = [];
  toasts.success = [];
  toasts.error = [];
  moneyMoved.mockReset();
  balances = () => ok([balance()]);
  claims = () => ok([], { page: 1, per_page: 10, total: 0 });
  post = () => ok(claim());
  serve();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("rakeback page", () => {
  it("shows a skeleton, then the available amount, the rates by game class and the Claim button", async () => {
    show();
    expect(screen.getByRole("status", { name: "Loading your rakeback" })).toBeTruthy();
    const card = await screen.findByRole("article", { name: "Rakeback in USD" });
    expect(within(card).getByTestId("rakeback-available").textContent).toContain("12.34 USD");
    const rates = within(card).getByRole("list", { name: "Rakeback rates in USD" });
    expect(rates.textContent).toContain("Slots: 1% of every stake");
    expect(rates.textContent).toContain("Live casino: 0.5% of every stake");
    expect(within(card).getByRole("button", { name: "Claim 12.34 USD" })).toBeTruthy();
  });

  it("claims with an Idempotency-Key, shows the pending state, toasts, and reads balance, history and wallets again", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let pending = true;
    post = () => ok(claim());
    vi.stubGlobal("fetch", async (request: Request) => {
      const url = new URL(request.url);
      if (request.method === "POST") {
        posts.push({ body: await request.json(), key: request.headers.get("idempotency-key") });
        await gate;
        pending = false;
        const answer = post();
        return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
      }
      const answer =
        url.pathname === "/api/v1/bonuses/rakeback"
          ? pending
            ? balances()
            : ok([balance({ available: "0.00", total_claimed: "20.00", claimable: false, reason: "There is no rakeback to claim yet." })])
          : pending
            ? claims()
            : ok([claim()], { page: 1, per_page: 10, total: 1 });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Claim 12.34 USD" }));
    const busy = await screen.findByRole("button", { name: "Claiming…" });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(toasts.success).toEqual(["12.34 USD of rakeback was added to your balance."]));
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ wallet_guid: WALLET });
    expect(posts[0]!.key).toMatch(/^rakeback-[0-9a-f]{32}$/);
    expect(moneyMoved).toHaveBeenCalled();
    expect(await screen.findByTestId("rakeback-claim")).toBeTruthy();
    const button = await screen.findByRole("button", { name: "Claim" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("There is no rakeback to claim yet.")).toBeTruthy();
  });

  it("toasts the server's reason when a claim is refused", async () => {
    post = () => failure(409, "CONFLICT", "There is no rakeback to claim yet.");
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Claim 12.34 USD" }));
    await waitFor(() => expect(toasts.error).toEqual(["There is no rakeback to claim yet."]));
  });

  it("says so when there is nothing yet, and asks a visitor to log in", async () => {
    balances = () => ok([]);
    show();
    expect(await screen.findByText("No rakeback yet")).toBeTruthy();
    cleanup();
    auth.authenticated = false;
    show();
    expect(await screen.findByText("Log in to see your rakeback")).toBeTruthy();
  });
});
