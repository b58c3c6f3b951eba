import type { BonusLabel, CampaignRow, PlayerBonusRow } from "@croupier/contract/backoffice/bonuses";
import type { PlayerWallet } from "@croupier/contract/backoffice/players";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../../lib/staff-session";
import NewBonusCampaignPage from "../../routes/bonus-campaign-new";
import { PlayerBonusesTab } from "./player-bonuses-tab";

const PLAYER_ID = "6f1c1f5e-8d53-4a55-9d39-1e0c1d0e2a11";
const WALLET_ID = "0d7a4a39-4c8e-4d0c-8a4c-2c7f3f3c0b11";
const CAMPAIGN_ID = "9b2d6c1e-0a8b-4f1e-9a61-3c5e7f0b2d44";
const LABEL_ID = "3c1b7a52-2f0e-4c1d-9a8b-6e5d4c3b2a10";

const label: BonusLabel = {
  guid: LABEL_ID,
  name: "Hot",
  icon: null,
  background_color: "#dc2626",
  styles: {},
  campaigns: 0,
  created_at: "2026-11-25T09:00:00.000Z",
  updated_at: "2026-11-25T09:00:00.000Z",
};

const createdCampaign = {
  bonus_guid: CAMPAIGN_ID,
  status: "draft",
  current: {
    guid: "11111111-1111-4111-8111-111111111111",
    bonus_guid: CAMPAIGN_ID,
    version: 1,
    bonus_name: "Welcome",
    bonus_trigger: "deposit",
    bonus_type: "deposit_match",
    deposit_number: 1,
    bonus_percent: "100",
    bonus_wager: "10",
    wagering_expiration_time: 604_800,
    activation_expiration_time: 604_800,
    winnings_distribution_percent: "0",
    auto_activation: false,
    auto_activation_time: 0,
    project_tag_guid: null,
    is_cumulative: false,
    deposit_defer: false,
    product: "slots",
    game_guids: [],
    icon: null,
    background_image: null,
    description: "",
    terms: "",
    segment_guids: [],
    label_guids: [],
    start_date: null,
    end_date: null,
    cashback_period: "weekly",
    rakeback_slots_percent: "0",
    rakeback_live_percent: "0",
    rakeback_payout: "cash",
    coin_price: "0",
    currencies: [],
    customer_bonuses: 0,
    created_by: null,
    created_at: "2026-11-25T09:00:00.000Z",
  },
  versions: [],
  counts: { offered: 0, active: 0, completed: 0, expired: 0, cancelled: 0, lost: 0, total: 0 },
  money: [],
  created_by: null,
  created_at: "2026-11-25T09:00:00.000Z",
  updated_at: "2026-11-25T09:00:00.000Z",
};

type Call = { method: string; path: string; search: URLSearchParams; body: unknown };
type Answer = { status: number; body: unknown } | "network-error";

const envelope = (status: number, body: unknown, metadata: Record<string, unknown> = {}) =>
  new Response(
    JSON.stringify({
      status: status < 400 ? "ok" : "error",
      payload: body,
      metadata: { request_id: "r", ...metadata },
    }),
    { status, headers: { "content-type": "application/json" } },
  );

/** The staff API in memory: `routes` answers by "METHOD /path"; POST answers come from `posts` in turn. */
function fakeApi(routes: Record<string, (call: Call) => Response>, posts: Answer[] = []) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request =
        input instanceof Request
          ? input
          : new Request(new URL(input, "http://localhost"), { ...init, signal: undefined });
      const url = new URL(request.url);
      const path = url.pathname.replace("/api/backoffice/v1", "");
      const text = request.method === "GET" ? "" : await request.text();
      const call = {
        method: request.method,
        path,
        search: url.searchParams,
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      const route = routes[`${request.method} ${path}`];
      if (route) return route(call);
      if (request.method === "POST") {
        const answer = posts.shift();
        if (answer === "network-error") throw new TypeError("Failed to fetch");
        if (answer) return envelope(answer.status, answer.body);
      }
      return envelope(404, { code: "NOT_FOUND", message: "no route" });
    }),
  );
  return { posts: () => calls.filter((c) => c.method === "POST"), calls };
}

function renderWith(element: ReactNode, path = "/") {
  startStaffSession("test-token");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: "/bonuses/:id", element: <p>Campaign page</p> },
      { path: "/bonuses", element: <p>Campaign list</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endStaffSession();
});

const offerCard = () => screen.getByTestId("offer-card");

// The editor is a large form: on a busy machine its tests outlast the 5 s default.
describe("Campaign editor", { timeout: 20_000 }, () => {
  const labelsRoute = { "GET /bonus-labels": () => envelope(200, [label]) };

  it("previews the offer as the player sees it while the terms are typed", async () => {
    fakeApi(labelsRoute);
    renderWith(<NewBonusCampaignPage />, "/bonuses/new");
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Welcome bonus" } });
    const card = within(offerCard());
    expect(card.getByRole("heading", { name: "Welcome bonus" })).toBeTruthy();
    expect(card.getByText("100% up to 100 USD")).toBeTruthy();
    expect(card.getByText("1st deposit", { selector: "span" })).toBeTruthy();
    expect(card.getByText("100%", { selector: "span" })).toBeTruthy();
    expect(card.getByText("Wager ×10", { selector: "span" })).toBeTruthy();
    expect(card.getByText("7 days", { selector: "span" })).toBeTruthy();
    const term = (label: string) => card.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
    expect(term("Maximum bonus")).toBe("100 USD");
    expect(term("Minimum deposit")).toBe("10 USD");
    expect(term("Max cashout")).toBe("No limit");
    // A winnings distribution of 0 is shown as 100.
    expect(term("Winnings")).toBe("100%");

    fireEvent.change(screen.getByLabelText("Wagering (× the bonus)"), { target: { value: "35" } });
    fireEvent.change(screen.getByLabelText("Deposit number"), { target: { value: "2" } });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Hot" }));
    expect(card.getByText("Wager ×35", { selector: "span" })).toBeTruthy();
    expect(card.getByText("2nd deposit", { selector: "span" })).toBeTruthy();
    expect(within(card.getByRole("list", { name: "Labels" })).getByText("Hot")).toBeTruthy();

    // Free spins come from the USD entry.
    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "free_spins" } });
    fireEvent.change(screen.getByLabelText("USD spins"), { target: { value: "25" } });
    fireEvent.change(screen.getByLabelText("EUR spins"), { target: { value: "20" } });
    expect(card.getByText("25 free spins", { selector: "span" })).toBeTruthy();
    expect(term("Free spins")).toBe("25");
    expect(card.queryByText("100%", { selector: "span" })).toBeNull();
    // The amounts follow the currency picked above the card; the spins stay the USD entry's.
    fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "EUR" } });
    expect(term("Maximum bonus")).toBe("100 EUR");
    expect(term("Free spins")).toBe("25");
  });

  it("marks wrong fields before sending anything and focuses the first", async () => {
    const api = fakeApi(labelsRoute);
    renderWith(<NewBonusCampaignPage />, "/bonuses/new");
    fireEvent.change(screen.getByLabelText("Wagering (× the bonus)"), { target: { value: "250" } });
    fireEvent.change(screen.getByLabelText("USD max bonus"), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Create campaign" }));

    expect(await screen.findByText("3 fields need attention. They are marked above.")).toBeTruthy();
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("A name is required.")).toBeTruthy();
    expect(screen.getByText("A multiplier from 0 to 200.")).toBeTruthy();
    expect(screen.getByLabelText("USD max bonus").getAttribute("aria-invalid")).toBe("true");
    expect(api.posts()).toHaveLength(0);
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-invalid")).toBe("true"));
  });

  it("shows the UK profile's refusals from the server on their fields, then creates and opens the campaign", async () => {
    const api = fakeApi(labelsRoute, [
      {
        status: 400,
        body: {
          code: "VALIDATION_ERROR",
          message: "bonus_wager: …; product: …",
          fields: [
            {
              field: "body.bonus_wager",
              message: "United Kingdom: bonus wagering may be at most 10× the bonus (LCCP SR 5.1.1)",
            },
            {
              field: "body.product",
              message: "United Kingdom: a bonus applies to a single product, slots or live, not any (LCCP SR 5.1.1)",
            },
            { field: "body.currencies.1.currency", message: "no currency EUR exists" },
          ],
        },
      },
      { status: 200, body: createdCampaign },
    ]);
    renderWith(<NewBonusCampaignPage />, "/bonuses/new");
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Welcome" } });
    fireEvent.change(screen.getByLabelText("Wagering (× the bonus)"), { target: { value: "35" } });
    fireEvent.change(screen.getByLabelText("Product"), { target: { value: "any" } });
    fireEvent.click(screen.getByRole("button", { name: "Create campaign" }));

    expect(await screen.findByText(/bonus wagering may be at most 10×/)).toBeTruthy();
    expect(screen.getByLabelText("Wagering (× the bonus)").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(/single product, slots or live/)).toBeTruthy();
    expect(screen.getByLabelText("EUR currency").getAttribute("aria-invalid")).toBe("true");
    const sent = api.posts()[0]!;
    expect(sent.path).toBe("/bonus-campaigns");
    expect(sent.body).toMatchObject({ bonus_name: "Welcome", bonus_wager: "35", product: "any", deposit_number: 1 });

    // Editing clears what the server said; a corrected form is created and the campaign opens.
    fireEvent.change(screen.getByLabelText("Wagering (× the bonus)"), { target: { value: "10" } });
    expect(screen.queryByText(/bonus wagering may be at most 10×/)).toBeNull();
    fireEvent.change(screen.getByLabelText("Product"), { target: { value: "slots" } });
    fireEvent.click(screen.getByRole("button", { name: "Remove EUR" }));
    fireEvent.click(screen.getByRole("button", { name: "Create campaign" }));
    expect(await screen.findByText("Campaign page")).toBeTruthy();
    expect(api.posts()[1]!.body).toMatchObject({
      bonus_wager: "10",
      product: "slots",
      currencies: [{ currency: "USD" }],
    });
  });
});

const wallet = {
  id: WALLET_ID,
  currency: "USD",
  decimals: 2,
  cash: "40",
  bonus: "50",
  deferred_bonus: "0",
  wager: "300",
  active: true,
  status: "active",
} satisfies PlayerWallet;

const campaignRow = (over: Partial<CampaignRow>): CampaignRow => ({
  bonus_guid: CAMPAIGN_ID,
  status: "active",
  current_version_guid: "11111111-1111-4111-8111-111111111111",
  version: 1,
  bonus_name: "Goodwill",
  bonus_trigger: "manual",
  bonus_type: "fixed_amount",
  deposit_number: null,
  product: "slots",
  label_guids: [],
  currencies: ["EUR", "USD"],
  start_date: null,
  end_date: null,
  counts: { offered: 0, active: 0, completed: 0, expired: 0, cancelled: 0, lost: 0, total: 0 },
  created_at: "2026-11-25T09:00:00.000Z",
  updated_at: "2026-11-25T09:00:00.000Z",
  ...over,
});

const activeBonus: PlayerBonusRow = {
  guid: "55555555-5555-4555-8555-555555555555",
  bonus_guid: "66666666-6666-4666-8666-666666666666",
  bonus_version_guid: "77777777-7777-4777-8777-777777777777",
  version: 2,
  bonus_name: "Welcome bonus",
  bonus_trigger: "deposit",
  bonus_type: "deposit_match",
  status: "active",
  wallet_guid: WALLET_ID,
  currency: "USD",
  bonus_amount: "50.000000000000000000",
  wager_amount: "500",
  wager_remaining: "300",
  win_sum: "0",
  max_cashout: "0",
  free_spin_count: 0,
  free_spin_amount: "0",
  converted_amount: null,
  forfeited_amount: null,
  activation_expiration_date: null,
  wagering_expiration_date: "2026-12-02T09:00:00.000Z",
  activated_at: "2026-11-25T09:00:00.000Z",
  finished_at: null,
  granted_by: null,
  comment: null,
  created_at: "2026-11-25T09:00:00.000Z",
  updated_at: "2026-11-25T09:00:00.000Z",
};

describe("Player Bonuses tab", () => {
  const routes = {
    [`GET /players/${PLAYER_ID}/bonuses`]: () => envelope(200, [activeBonus], { page: 1, per_page: 25, total: 1 }),
    "GET /bonus-campaigns": (call: Call) =>
      envelope(
        200,
        call.search.get("trigger") === "manual"
          ? [campaignRow({})]
          : [
              campaignRow({
                bonus_guid: "88888888-8888-4888-8888-888888888888",
                bonus_name: "Reload",
                bonus_type: "deposit_match",
                bonus_trigger: "deposit",
              }),
            ],
        { page: 1, per_page: 100, total: 1 },
      ),
  };

  it("lists the bonus with its wagering progress", async () => {
    fakeApi(routes);
    renderWith(<PlayerBonusesTab playerId={PLAYER_ID} wallets={[wallet]} canWrite />);
    const bar = await screen.findByRole("progressbar", { name: "Wagering of Welcome bonus" });
    expect(bar.getAttribute("aria-valuenow")).toBe("40");
    expect(screen.getByText("40 % of 500.00 USD · 300.00 USD left")).toBeTruthy();
  });

  it("grants once per opening of the dialog: a retry keeps the key, a new opening makes a new one", async () => {
    const api = fakeApi(routes, [
      "network-error",
      {
        status: 200,
        body: { status: "granted", customer_bonus: { ...activeBonus, bonus_name: "Goodwill", status: "offered" } },
      },
      { status: 200, body: { status: "duplicate", customer_bonus: { ...activeBonus, bonus_name: "Goodwill" } } },
    ]);
    renderWith(<PlayerBonusesTab playerId={PLAYER_ID} wallets={[wallet]} canWrite />);
    fireEvent.click(await screen.findByRole("button", { name: "Grant bonus…" }));
    let dialog = await screen.findByRole("dialog", { name: "Grant a bonus" });
    fireEvent.change(await within(dialog).findByLabelText("Campaign"), { target: { value: CAMPAIGN_ID } });
    // The player's wallet currency is chosen first.
    expect((within(dialog).getByLabelText("Currency") as HTMLSelectElement).value).toBe("USD");
    fireEvent.change(within(dialog).getByLabelText("Amount (USD, optional)"), { target: { value: "25.50" } });

    // The comment is required: nothing is sent without it.
    fireEvent.click(within(dialog).getByRole("button", { name: "Grant" }));
    expect(await within(dialog).findByText(/A comment of at least 3 characters is required/)).toBeTruthy();
    expect(api.posts()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText("Comment"), { target: { value: "Apology for the outage" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Grant" }));
    expect(await within(dialog).findByText(/cannot be reached/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Grant" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Grant a bonus" })).toBeNull());

    const [first, second] = api.posts();
    expect(first!.path).toBe(`/players/${PLAYER_ID}/bonuses`);
    expect(first!.body).toMatchObject({
      bonus_guid: CAMPAIGN_ID,
      currency: "USD",
      amount: "25.50",
      comment: "Apology for the outage",
    });
    const key = (first!.body as { idempotency_key: string }).idempotency_key;
    expect(key).toMatch(/^console-bonus-[0-9a-f-]{36}$/);
    expect((second!.body as { idempotency_key: string }).idempotency_key).toBe(key);

    fireEvent.click(screen.getByRole("button", { name: "Grant bonus…" }));
    dialog = await screen.findByRole("dialog", { name: "Grant a bonus" });
    fireEvent.change(await within(dialog).findByLabelText("Campaign"), { target: { value: CAMPAIGN_ID } });
    fireEvent.change(within(dialog).getByLabelText("Comment"), { target: { value: "Second thought" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Grant" }));
    await waitFor(() => expect(api.posts()).toHaveLength(3));
    const third = api.posts()[2]!.body as { idempotency_key: string; amount?: string };
    expect(third.idempotency_key).not.toBe(key);
    expect(third).not.toHaveProperty("amount");
  });

  it("never offers a rakeback to grant, and asks a cashback's amount (issue #18)", async () => {
    const cashback = campaignRow({
      bonus_guid: "99999999-9999-4999-8999-999999999991",
      bonus_name: "Weekly cashback",
      bonus_trigger: "scheduled",
      bonus_type: "cashback",
    });
    const rakeback = campaignRow({
      bonus_guid: "99999999-9999-4999-8999-999999999992",
      bonus_name: "Rakeback",
      bonus_trigger: "scheduled",
      bonus_type: "rakeback",
    });
    const api = fakeApi({
      ...routes,
      "GET /bonus-campaigns": (call: Call) =>
        envelope(200, call.search.get("trigger") === "manual" ? [] : [cashback, rakeback], {
          page: 1,
          per_page: 100,
          total: 2,
        }),
    });
    renderWith(<PlayerBonusesTab playerId={PLAYER_ID} wallets={[wallet]} canWrite />);
    fireEvent.click(await screen.findByRole("button", { name: "Grant bonus…" }));
    const dialog = await screen.findByRole("dialog", { name: "Grant a bonus" });
    const select = await within(dialog).findByLabelText("Campaign");
    await within(dialog).findByRole("option", { name: /Weekly cashback/ });
    expect(within(dialog).queryByRole("option", { name: /^Rakeback/ })).toBeNull();
    fireEvent.change(select, { target: { value: cashback.bonus_guid } });
    fireEvent.change(within(dialog).getByLabelText("Comment"), { target: { value: "Missed cashback" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Grant" }));
    expect(await within(dialog).findByText("A cashback grant needs its amount.")).toBeTruthy();
    expect(api.posts()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText("Amount (USD)"), { target: { value: "12.50" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Grant" }));
    await waitFor(() => expect(api.posts()).toHaveLength(1));
    expect(api.posts()[0]!.body).toMatchObject({ bonus_guid: cashback.bonus_guid, amount: "12.50" });
  });

  it("cancels with a reason after saying the bonus money and its winnings are forfeited", async () => {
    const api = fakeApi(routes, [
      { status: 200, body: { customer_bonus_guid: activeBonus.guid, status: "cancelled", forfeited_amount: "62.5" } },
    ]);
    renderWith(<PlayerBonusesTab playerId={PLAYER_ID} wallets={[wallet]} canWrite />);
    fireEvent.click(await screen.findByRole("button", { name: "Cancel Welcome bonus" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this bonus?" });
    expect(dialog.textContent).toMatch(/bonus money and everything won with it are forfeited/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel and forfeit" }));
    expect(await within(dialog).findByText(/A reason of at least 3 characters/)).toBeTruthy();
    expect(api.posts()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Bonus abuse" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel and forfeit" }));
    await waitFor(() => expect(api.posts()).toHaveLength(1));
    expect(api.posts()[0]).toMatchObject({
      path: `/players/${PLAYER_ID}/bonuses/${activeBonus.guid}/cancel`,
      body: { reason: "Bonus abuse" },
    });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Cancel this bonus?" })).toBeNull());
  });

  it("hides grant and cancel from a role that cannot manage bonuses", async () => {
    fakeApi(routes);
    renderWith(<PlayerBonusesTab playerId={PLAYER_ID} wallets={[wallet]} canWrite={false} />);
    expect(await screen.findByRole("progressbar")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Grant bonus…" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Cancel/ })).toBeNull();
  });
});
