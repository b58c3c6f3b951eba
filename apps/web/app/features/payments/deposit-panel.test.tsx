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

function show(p: PaymentProfile | null) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <DepositPanel userId={PLAYER} wallet={wallet} walletsLoading={false} profile={p} /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub />
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
