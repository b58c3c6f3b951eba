import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { PaymentMethod } from "@croupier/contract/entities/payment-method";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DepositPanel } from "./deposit-panel";
import type { PaymentProfile, PaymentWallet } from "./payment-types";

const PLAYER = "20000000-0000-4000-8000-000000000001";
const USD = "30000000-0000-4000-8000-000000000001";
const COUNTRY = "40000000-0000-4000-8000-000000000001";
const SYSTEM = "50000000-0000-4000-8000-000000000001";

const wallet: PaymentWallet = {
  guid: "10000000-0000-4000-8000-000000000001",
  currency_guid: USD,
  balance: "100",
  bonus_balance: "0",
  currency: { guid: USD, code: "USD", decimals: 2, symbol: "$", type: "fiat" },
};
const profile: PaymentProfile = { status: "active", is_verified: false, country_guid: COUNTRY, billing_segments: [] };

const section = { enabled: true, ordering: 1, comment: null, required_params: ["amount"], response_data: ["redirect_url"] };
const card: PaymentMethod = {
  guid: "60000000-0000-4000-8000-000000000001",
  name: "Bank card",
  icon: null,
  icon_mobile: null,
  payment_system_guid: SYSTEM,
  psp_name: "sandbox_card",
  deposit: {
    ...section,
    currencies: [{ currency_guid: USD, target_currency_guid: USD, min_amount: "10", max_amount: "5000", is_crypto: false, networks: [], quick_amounts: ["20", "50", "100", "250"], symbol: "$", enabled: true }],
  },
  withdrawal: { ...section, currencies: [] },
};

type Call = { method: string; url: URL; headers: Headers; body: unknown };
let calls: Call[];

function serve(routes: Record<string, unknown>) {
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === "GET" ? "" : await request.text();
    calls.push({ method: request.method, url, headers: request.headers, body: text ? JSON.parse(text) : undefined });
    const payload = routes[`${request.method} ${url.pathname}`];
    const envelope = { status: "ok", payload, metadata: { request_id: "t" } };
    return new Response(JSON.stringify(envelope), { status: 200, headers: { "content-type": "application/json" } });
  });
}

function show(p: PaymentProfile | null, entry = "/") {
  const Stub = createRoutesStub([{ path: "/", Component: () => <DepositPanel userId={PLAYER} wallet={wallet} walletsLoading={false} profile={p} /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={[entry]} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls = [];
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("DepositPanel", () => {
  it("a suspended account sees why and no way to deposit", async () => {
    serve({ "GET /api/v1/payments/methods": [card] });
    show({ ...profile, status: "locked" });
    expect((await screen.findByRole("alert")).textContent).toContain("Account suspended");
    expect(screen.queryByRole("button", { name: "Continue to payment" })).toBeNull();
  });

  it("asks for the methods of the profile's country and shows quick amounts and limits", async () => {
    serve({ "GET /api/v1/payments/methods": [card] });
    show(profile);
    await screen.findByRole("button", { name: "Continue to payment" });
    const methods = calls.find((c) => c.url.pathname === "/api/v1/payments/methods")!;
    expect(methods.url.searchParams.get("country_guid")).toBe(COUNTRY);
    expect(methods.url.searchParams.has("segment_guid")).toBe(false);
    expect(screen.getAllByRole("button", { pressed: false }).map((b) => b.textContent)).toEqual(["50.00 USD", "100.00 USD", "250.00 USD"]);
    expect(screen.getByRole("button", { pressed: true }).textContent).toBe("20.00 USD");
    expect(screen.getByText("Min 10.00 USD · Max 5,000.00 USD")).toBeTruthy();
  });

  it("refuses too many decimals without calling the server, then starts the deposit with an idempotency key", async () => {
    serve({
      "GET /api/v1/payments/methods": [card],
      "POST /api/v1/billing/deposit": { transaction_guid: "70000000-0000-4000-8000-000000000001", redirect_url: "javascript:alert(1)" },
    });
    show(profile);
    const amount = await screen.findByRole("textbox", { name: "Amount" });
    fireEvent.change(amount, { target: { value: "12.345" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect((await screen.findByRole("alert")).textContent).toBe("USD amounts have at most 2 decimal places.");
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(amount, { target: { value: "12.34" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.body).toMatchObject({ amount: "12.34", currency_guid: USD, psp_guid: SYSTEM, return_url: "/account/wallets/deposit?status=success" });
    expect(post.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
    // A provider address that would run script is never followed: the form says so and unlocks.
    expect((await screen.findByRole("alert")).textContent).toBe("Unexpected error");
    expect(screen.getByRole("button", { name: "Continue to payment" }).hasAttribute("disabled")).toBe(false);
  });
});

const WELCOME = "80000000-0000-4000-8000-000000000001";
const SPINS = "80000000-0000-4000-8000-000000000002";
const EUR_ONLY = "80000000-0000-4000-8000-000000000003";
const CLOSED = "80000000-0000-4000-8000-000000000004";

function offer(bonusGuid: string, overrides: Record<string, unknown> = {}, currency: Record<string, unknown> = {}) {
  return {
    guid: bonusGuid.replace("80000000", "90000000"),
    bonus_guid: bonusGuid,
    bonus_name: "Welcome bonus",
    bonus_trigger: "deposit",
    bonus_type: "deposit_match",
    deposit_number: 1,
    bonus_percent: "100.00",
    bonus_wager: "10",
    terms: "Wager the bonus 10 times within 7 days.",
    bonus_currencies: [
      { currency_guid: USD, external_guid: "USD", min_deposit_sum: "20.00", max_bonus_sum: "100.00", max_cashout: "0", bonus_threshold: "0", free_spins_count: 0, free_spin_bet: "0", cashback_percent: "0", ...currency },
    ],
    eligibility: { eligible: true, reason: null, next_deposit_number: 1 },
    ...overrides,
  };
}

const offers = [
  offer(WELCOME),
  offer(SPINS, { bonus_name: "Any deposit spins", bonus_type: "free_spins", deposit_number: null, bonus_wager: "0" }, { min_deposit_sum: "10.00", free_spins_count: 50, free_spin_bet: "0.20" }),
  offer(EUR_ONLY, { bonus_name: "Euro offer" }, { currency_guid: "30000000-0000-4000-8000-000000000002", external_guid: "EUR" }),
  offer(CLOSED, { bonus_name: "Second deposit", deposit_number: 2, eligibility: { eligible: false, reason: "This offer is for your 2nd deposit.", next_deposit_number: 1 } }),
];

describe("DepositPanel bonus choice", () => {
  const deposit = { transaction_guid: "70000000-0000-4000-8000-000000000001", redirect_url: null };

  it("lists the eligible offers in the wallet's currency with short terms, preselects the default and sends it", async () => {
    serve({ "GET /api/v1/payments/methods": [card], "GET /api/v1/bonus_hub": offers, "POST /api/v1/billing/deposit": deposit });
    show(profile);
    const group = await screen.findByRole("radiogroup", { name: "Bonus" });
    const radios = Array.from(group.querySelectorAll('[role="radio"]')).map((r) => r.textContent);
    expect(radios).toEqual([
      "Welcome bonus100% up to 100.00 USD · 10× wager · min deposit 20.00 USD",
      "Any deposit spins50 free spins at 0.20 USD · min deposit 10.00 USD",
      "No bonusDeposit without a bonus: no wagering, withdraw any time.",
    ]);
    const hub = calls.find((c) => c.url.pathname === "/api/v1/bonus_hub")!;
    expect(hub.url.searchParams.get("bonus_trigger")).toBe("deposit");
    expect(screen.getByRole("radio", { name: /Welcome bonus/ }).getAttribute("aria-checked")).toBe("true");
    // The chosen offer's full terms are there before the player commits to it.
    expect(screen.getByText("Full terms of Welcome bonus")).toBeTruthy();
    expect(screen.getByTestId("deposit-bonus-terms").textContent).toBe("Wager the bonus 10 times within 7 days.");
    fireEvent.change(screen.getByRole("textbox", { name: "Amount" }), { target: { value: "50" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({ amount: "50", bonus_guid: WELCOME });
  });

  it("warns when the amount is under the chosen offer's minimum deposit", async () => {
    serve({ "GET /api/v1/payments/methods": [card], "GET /api/v1/bonus_hub": offers });
    show(profile);
    await screen.findByRole("radiogroup", { name: "Bonus" });
    fireEvent.change(screen.getByRole("textbox", { name: "Amount" }), { target: { value: "15" } });
    expect(screen.getByRole("status").textContent).toBe("Welcome bonus needs a deposit of at least 20.00 USD: with this amount you get no bonus.");
    fireEvent.click(screen.getByRole("radio", { name: /Any deposit spins/ }));
    expect(screen.queryByText(/needs a deposit of at least/)).toBeNull();
  });

  it("preselects the offer the player came from (?bonus_guid= from the bonus hub) and sends it", async () => {
    serve({ "GET /api/v1/payments/methods": [card], "GET /api/v1/bonus_hub": offers, "POST /api/v1/billing/deposit": deposit });
    show(profile, `/?modal=deposit&bonus_guid=${SPINS}`);
    const spins = await screen.findByRole("radio", { name: /Any deposit spins/ });
    expect(spins.getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("radio", { name: /Welcome bonus/ }).getAttribute("aria-checked")).toBe("false");
    fireEvent.change(screen.getByRole("textbox", { name: "Amount" }), { target: { value: "50" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({ bonus_guid: SPINS });
  });

  it("'No bonus' sends bonus_guid null", async () => {
    serve({ "GET /api/v1/payments/methods": [card], "GET /api/v1/bonus_hub": offers, "POST /api/v1/billing/deposit": deposit });
    show(profile);
    fireEvent.click(await screen.findByRole("radio", { name: /No bonus/ }));
    expect(screen.getByRole("radio", { name: /No bonus/ }).getAttribute("aria-checked")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const body = calls.find((c) => c.method === "POST")!.body as Record<string, unknown>;
    expect(body).toHaveProperty("bonus_guid", null);
  });

  it("without offers there is no bonus choice and nothing is sent for it", async () => {
    serve({ "GET /api/v1/payments/methods": [card], "GET /api/v1/bonus_hub": [], "POST /api/v1/billing/deposit": deposit });
    show(profile);
    fireEvent.click(await screen.findByRole("button", { name: "Continue to payment" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(screen.queryByRole("radiogroup", { name: "Bonus" })).toBeNull();
    expect(calls.find((c) => c.method === "POST")!.body).not.toHaveProperty("bonus_guid");
  });
});
