import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { BillingCard } from "@croupier/contract/entities/card";
import type { PaymentMethod } from "@croupier/contract/entities/payment-method";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PaymentProfile, PaymentWallet } from "./payment-types";
import { WithdrawPanel } from "./withdraw-panel";

const PLAYER = "20000000-0000-4000-8000-000000000001";
const USD = "30000000-0000-4000-8000-000000000001";
const SYSTEM = "50000000-0000-4000-8000-000000000001";
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

const wallet: PaymentWallet = {
  guid: "10000000-0000-4000-8000-000000000001",
  currency_guid: USD,
  balance: "100",
  bonus_balance: "0",
  currency: { guid: USD, code: "USD", decimals: 2, symbol: "$", type: "fiat" },
};
const profile: PaymentProfile = { status: "active", is_verified: true, country_guid: null, billing_segments: [] };
const section = { enabled: true, ordering: 1, comment: null, response_data: [] };
const usd = {
  currency_guid: USD,
  target_currency_guid: USD,
  min_amount: "20",
  max_amount: "5000",
  is_crypto: false,
  networks: [],
  quick_amounts: [],
  symbol: "$",
  enabled: true,
};
const bankCard: PaymentMethod = {
  guid: "60000000-0000-4000-8000-000000000001",
  name: "Bank card",
  icon: null,
  icon_mobile: null,
  payment_system_guid: SYSTEM,
  psp_name: "sandbox_card",
  deposit: { ...section, required_params: ["amount"], currencies: [usd] },
  withdrawal: { ...section, required_params: ["amount", "card_guid"], currencies: [usd] },
};
const savedCard = (guid: string, bin: string, last4: string): BillingCard => ({
  guid,
  card_number: `${bin}******${last4}`,
  cardholder_name: "Ada Lovelace",
  expiration_month: 12,
  expiration_year: NEXT_YEAR,
  customer_guid: PLAYER,
  project_guid: null,
  created_at: "2026-01-01T00:00:00.000Z",
});

type Call = { method: string; path: string; body: unknown };
type Answer = { status?: number; payload: unknown };
let calls: Call[];

/** A fake API: `answer` sees each call and returns the envelope's payload (or an error). */
function serve(answer: (call: Call) => Answer) {
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === "GET" ? "" : await request.text();
    const call = {
      method: request.method,
      path: url.pathname.replace("/api/v1", ""),
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const { status = 200, payload } = answer(call);
    const envelope = { status: status === 200 ? "ok" : "error", payload, metadata: { request_id: "t" } };
    return new Response(JSON.stringify(envelope), { status, headers: { "content-type": "application/json" } });
  });
}

function show(shown: PaymentWallet = wallet) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <WithdrawPanel
          userId={PLAYER}
          wallet={shown}
          walletsLoading={false}
          profile={profile}
          onRequested={() => undefined}
        />
      ),
    },
  ]);
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

function fillCard(form: HTMLElement, number: string) {
  fireEvent.change(within(form).getByLabelText("Card number"), { target: { value: number } });
  fireEvent.change(within(form).getByLabelText("Name on card"), { target: { value: "Ada Lovelace" } });
  fireEvent.change(within(form).getByLabelText("Expiry month"), { target: { value: "12" } });
  fireEvent.change(within(form).getByLabelText("Expiry year"), { target: { value: String(NEXT_YEAR) } });
}

describe("WithdrawPanel: saved cards", () => {
  it("without a card: the number is spaced and Luhn-checked; a valid card is saved, listed, chosen and used for the withdrawal", async () => {
    const cards: BillingCard[] = [];
    const added = savedCard("80000000-0000-4000-8000-000000000001", "411111", "1111");
    serve((call) => {
      if (call.method === "GET" && call.path === "/payments/methods") return { payload: [bankCard] };
      if (call.method === "GET" && call.path === "/billing/cards") return { payload: cards };
      if (call.method === "POST" && call.path === "/billing/card") {
        cards.push(added);
        return { payload: added };
      }
      if (call.method === "POST" && call.path === "/billing/withdrawal")
        return { payload: { guid: "90000000-0000-4000-8000-000000000001" } };
      return { status: 404, payload: { code: "NOT_FOUND", message: "no route" } };
    });
    show();
    const form = await screen.findByRole("form", { name: "Add a card" });
    expect(screen.queryByRole("button", { name: "Request withdrawal" })).toBeNull();

    fillCard(form, "4111111111111112");
    expect((within(form).getByLabelText("Card number") as HTMLInputElement).value).toBe("4111 1111 1111 1112");
    fireEvent.click(within(form).getByRole("button", { name: "Save card" }));
    expect((await within(form).findByRole("alert")).textContent).toBe(
      "This card number is not valid. Check the digits.",
    );
    expect(within(form).getByLabelText("Card number").getAttribute("aria-invalid")).toBe("true");
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(within(form).getByLabelText("Card number"), { target: { value: "4111-1111-1111-1111" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save card" }));
    const radio = await screen.findByRole("radio", { name: /Visa •••• 1111/ });
    expect((radio as HTMLInputElement).checked).toBe(true);
    expect(calls.find((c) => c.method === "POST" && c.path === "/billing/card")?.body).toEqual({
      card_number: "4111111111111111",
      cardholder_name: "Ada Lovelace",
      expiration_month: 12,
      expiration_year: NEXT_YEAR,
    });

    fireEvent.change(screen.getByRole("textbox", { name: "Amount" }), { target: { value: "25" } });
    fireEvent.click(screen.getByRole("button", { name: "Request withdrawal" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/billing/withdrawal")).toBe(true));
    expect(calls.find((c) => c.path === "/billing/withdrawal")?.body).toMatchObject({
      amount: "25",
      card_guid: added.guid,
      psp_guid: SYSTEM,
    });
  });

  it("shows the server's field errors under the fields", async () => {
    serve((call) => {
      if (call.path === "/payments/methods") return { payload: [bankCard] };
      if (call.path === "/billing/cards") return { payload: [] };
      return {
        status: 400,
        payload: {
          code: "BAD_REQUEST",
          message: "The card was refused by the payment provider.",
          fields: [{ field: "body.card_number", message: "was refused" }],
        },
      };
    });
    show();
    const form = await screen.findByRole("form", { name: "Add a card" });
    fillCard(form, "4000000000000002");
    fireEvent.click(within(form).getByRole("button", { name: "Save card" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("Card number was refused.");
    expect(screen.queryByRole("radio", { name: /Visa/ })).toBeNull();
  });

  it("removes a saved card only after the player confirms", async () => {
    let cards = [
      savedCard("80000000-0000-4000-8000-000000000001", "424242", "4242"),
      savedCard("80000000-0000-4000-8000-000000000002", "555555", "4444"),
    ];
    serve((call) => {
      if (call.path === "/payments/methods") return { payload: [bankCard] };
      if (call.method === "GET" && call.path === "/billing/cards") return { payload: cards };
      if (call.method === "DELETE") {
        const guid = call.path.split("/").pop();
        cards = cards.filter((c) => c.guid !== guid);
        return { payload: { guid } };
      }
      return { status: 404, payload: { code: "NOT_FOUND", message: "no route" } };
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: /Remove Visa •••• 4242/ }));
    const confirm = screen.getByRole("group", { name: /Confirm removing Visa •••• 4242/ });
    fireEvent.click(within(confirm).getByRole("button", { name: "Keep card" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    expect(screen.getByRole("radio", { name: /Visa •••• 4242/ })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: /Remove Visa •••• 4242/ }));
    fireEvent.click(
      within(screen.getByRole("group", { name: /Confirm removing/ })).getByRole("button", { name: "Yes, remove card" }),
    );
    await waitFor(() => expect(screen.queryByRole("radio", { name: /Visa •••• 4242/ })).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
      "/billing/card/80000000-0000-4000-8000-000000000001",
    ]);
    expect((screen.getByRole("radio", { name: /Mastercard •••• 4444/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe("WithdrawPanel: active bonus", () => {
  const card = savedCard("80000000-0000-4000-8000-000000000001", "411111", "1111");
  const withBonus: PaymentWallet = { ...wallet, bonus_balance: "50", customer_bonus_guid: "a0000000-0000-4000-8000-000000000001" };
  const withdrawals = () => calls.filter((c) => c.method === "POST" && c.path === "/billing/withdrawal");

  it("says before submitting that withdrawing forfeits the bonus and its winnings, and sends the confirmation", async () => {
    serve((call) => {
      if (call.path === "/payments/methods") return { payload: [bankCard] };
      if (call.path === "/billing/cards") return { payload: [card] };
      return { payload: { guid: "90000000-0000-4000-8000-000000000001" } };
    });
    show(withBonus);
    const notice = await screen.findByTestId("bonus-forfeit");
    expect(notice.textContent).toContain("Withdrawing now cancels it: its bonus money and any winnings from it are forfeited.");
    fireEvent.change(screen.getByRole("textbox", { name: "Amount" }), { target: { value: "25" } });
    fireEvent.click(screen.getByRole("button", { name: "Request withdrawal" }));
    expect((await within(notice).findByRole("alert")).textContent).toBe("Confirm that withdrawing cancels your bonus, or keep playing it first.");
    expect(withdrawals()).toHaveLength(0);

    fireEvent.click(within(notice).getByRole("checkbox", { name: "I understand: cancel my bonus and withdraw" }));
    fireEvent.click(screen.getByRole("button", { name: "Request withdrawal" }));
    await waitFor(() => expect(withdrawals()).toHaveLength(1));
    expect(withdrawals()[0]!.body).toMatchObject({ amount: "25", forfeit_bonus: true });
  });

  it("a wallet without an active bonus asks nothing and sends no forfeit", async () => {
    serve((call) => {
      if (call.path === "/payments/methods") return { payload: [bankCard] };
      if (call.path === "/billing/cards") return { payload: [card] };
      return { payload: { guid: "90000000-0000-4000-8000-000000000001" } };
    });
    show();
    fireEvent.change(await screen.findByRole("textbox", { name: "Amount" }), { target: { value: "25" } });
    expect(screen.queryByTestId("bonus-forfeit")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Request withdrawal" }));
    await waitFor(() => expect(withdrawals()).toHaveLength(1));
    expect(withdrawals()[0]!.body).not.toHaveProperty("forfeit_bonus");
  });

  it("shows the server's 409 when the policy refuses withdrawals during a bonus", async () => {
    const refusal = "You can withdraw once your active bonus is finished or cancelled.";
    serve((call) => {
      if (call.path === "/payments/methods") return { payload: [bankCard] };
      if (call.path === "/billing/cards") return { payload: [card] };
      return { status: 409, payload: { code: "CONFLICT", message: refusal } };
    });
    show(withBonus);
    fireEvent.change(await screen.findByRole("textbox", { name: "Amount" }), { target: { value: "25" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /cancel my bonus/ }));
    fireEvent.click(screen.getByRole("button", { name: "Request withdrawal" }));
    await waitFor(() => expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain(refusal));
  });

  it("a bonus that started after the page loaded: the server's 409 brings up the confirmation", async () => {
    const ask = "Withdrawing now cancels your active bonus and its winnings. Confirm to continue.";
    serve((call) => {
      if (call.path === "/payments/methods") return { payload: [bankCard] };
      if (call.path === "/billing/cards") return { payload: [card] };
      const body = call.body as { forfeit_bonus?: boolean };
      return body.forfeit_bonus ? { payload: { guid: "90000000-0000-4000-8000-000000000001" } } : { status: 409, payload: { code: "CONFLICT", message: ask } };
    });
    show();
    fireEvent.change(await screen.findByRole("textbox", { name: "Amount" }), { target: { value: "25" } });
    fireEvent.click(screen.getByRole("button", { name: "Request withdrawal" }));
    const notice = await screen.findByTestId("bonus-forfeit");
    fireEvent.click(within(notice).getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "Request withdrawal" }));
    await waitFor(() => expect(withdrawals()).toHaveLength(2));
    expect(withdrawals()[1]!.body).toMatchObject({ forfeit_bonus: true });
  });
});
