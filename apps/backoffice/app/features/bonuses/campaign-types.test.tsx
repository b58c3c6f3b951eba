import { campaignInput, type BonusLabel, type CampaignVersion } from "@croupier/contract/backoffice/bonuses";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../../lib/staff-session";
import NewBonusCampaignPage from "../../routes/bonus-campaign-new";
import {
  bodyFromForm,
  EMPTY_CAMPAIGN,
  formFromVersion,
  validateCampaignForm,
  withBonusType,
  type CampaignFormValues,
} from "./campaign-form";
import { previewOf } from "./campaign-preview";

// The campaign types of issue #18 in the console (ADR 038): the type/trigger matrix and the fields
// of cashback, rakeback and coin campaigns, checked as the server checks them, sent in the
// contract's shape, and previewed as the player app shows them.

const NOW = Date.parse("2026-11-25T12:00:00.000Z");
const named: CampaignFormValues = { ...EMPTY_CAMPAIGN, bonus_name: "Promo", terms: "Full terms." };
const typed = (type: CampaignFormValues["bonus_type"], over: Partial<CampaignFormValues> = {}) => ({
  ...withBonusType(named, type),
  ...over,
});
const usdEur = (over: Partial<CampaignFormValues["currencies"][number]>) =>
  named.currencies.map((row) => ({ ...row, min_deposit_sum: "0", max_bonus_sum: "0", ...over }));

const weeklyCashback = typed("cashback", {
  bonus_wager: "1",
  currencies: usdEur({ max_bonus_sum: "500", cashback_percent: "10" }),
});
const rakeback = typed("rakeback", {
  rakeback_slots_percent: "1",
  rakeback_live_percent: "0.5",
  currencies: usdEur({}),
});
const coin = typed("coin", { coin_price: "100", currencies: usdEur({ max_bonus_sum: "10" }) });

describe("campaign types in the form (mirroring the server)", () => {
  it("choosing a type sets the trigger it is bound to, cumulative where it pays again, no wagering on cash rakeback", () => {
    expect(withBonusType(named, "cashback")).toMatchObject({ bonus_trigger: "scheduled", is_cumulative: true });
    expect(withBonusType(named, "rakeback")).toMatchObject({
      bonus_trigger: "scheduled",
      is_cumulative: true,
      bonus_wager: "0",
    });
    expect(withBonusType(named, "coin")).toMatchObject({ bonus_trigger: "manual", is_cumulative: false });
    // The other types keep what was chosen.
    expect(withBonusType({ ...named, bonus_trigger: "promo_code" }, "fixed_amount").bonus_trigger).toBe("promo_code");
  });

  it("accepts each type's valid terms, and the body passes the contract with only its own fields", () => {
    for (const values of [weeklyCashback, rakeback, coin]) {
      expect(validateCampaignForm(values, { now: NOW }), values.bonus_type).toEqual({});
      const body = bodyFromForm(values);
      expect(campaignInput.safeParse(body).success, values.bonus_type).toBe(true);
    }
    expect(bodyFromForm(weeklyCashback)).toMatchObject({
      cashback_period: "weekly",
      rakeback_slots_percent: "0",
      coin_price: "0",
      currencies: [{ cashback_percent: "10" }, { cashback_percent: "10" }],
    });
    expect(bodyFromForm(rakeback)).toMatchObject({
      rakeback_slots_percent: "1",
      rakeback_live_percent: "0.5",
      rakeback_payout: "cash",
      coin_price: "0",
    });
    expect(bodyFromForm(coin)).toMatchObject({ coin_price: "100", rakeback_slots_percent: "0" });
    // Rates typed on a rakeback and then a type change: the other type sends none.
    expect(bodyFromForm({ ...rakeback, bonus_type: "fixed_amount" })).toMatchObject({
      rakeback_slots_percent: "0",
      rakeback_live_percent: "0",
    });
  });

  it("marks each broken rule under the server's field names and messages", () => {
    expect(
      validateCampaignForm(
        {
          ...weeklyCashback,
          bonus_trigger: "manual",
          is_cumulative: false,
          currencies: usdEur({ cashback_percent: "0" }),
        },
        { now: NOW },
      ),
    ).toEqual({
      bonus_trigger: "A cashback is paid by the cashback job each period: trigger Scheduled.",
      is_cumulative: "A cashback campaign pays the same player repeatedly: it must be cumulative.",
      "currencies.0.cashback_percent": "A percentage above 0.",
      "currencies.1.cashback_percent": "A percentage above 0.",
    });
    expect(
      validateCampaignForm(
        { ...rakeback, rakeback_slots_percent: "0", rakeback_live_percent: "0", bonus_wager: "3" },
        { now: NOW },
      ),
    ).toEqual({
      rakeback_slots_percent: "A rakeback needs a slots or live rate above 0.",
      bonus_wager: "A rakeback paid as cash has no wagering: 0, or pay it as a bonus.",
    });
    expect(validateCampaignForm({ ...rakeback, rakeback_payout: "bonus", bonus_wager: "3" }, { now: NOW })).toEqual({});
    expect(validateCampaignForm({ ...rakeback, rakeback_live_percent: "100.5" }, { now: NOW })).toHaveProperty(
      "rakeback_live_percent",
    );
    expect(
      validateCampaignForm(
        { ...coin, bonus_trigger: "scheduled", coin_price: "0", currencies: usdEur({ max_bonus_sum: "0" }) },
        { now: NOW },
      ),
    ).toMatchObject({
      bonus_trigger: "A coin bonus is bought in the coin shop (or granted by staff): trigger Manual grant.",
      coin_price: "A coin bonus needs a price above 0 coins.",
      "currencies.0.max_bonus_sum": "The amount granted must be above 0.",
    });
    expect(validateCampaignForm({ ...coin, coin_price: "1.23456" }, { now: NOW }).coin_price).toBe(
      "A number of coins, with at most 4 decimals.",
    );
    expect(validateCampaignForm({ ...weeklyCashback, bonus_trigger: "promo_code" }, { now: NOW }).bonus_type).toBe(
      "A promo code grants a fixed amount, free spins or a deposit match.",
    );
  });

  it("reads a stored version back into the form", () => {
    const version = {
      ...bodyFromForm(rakeback),
      rakeback_slots_percent: "1.00",
      rakeback_live_percent: "0.50",
      coin_price: "0.0000",
      currencies: [],
    } as unknown as CampaignVersion;
    expect(
      formFromVersion({
        ...version,
        wagering_expiration_time: 604_800,
        activation_expiration_time: 604_800,
        auto_activation_time: 0,
        segment_guids: [],
        label_guids: [],
        game_guids: [],
        deposit_number: null,
        project_tag_guid: null,
        icon: null,
        background_image: null,
        start_date: null,
        end_date: null,
      }),
    ).toMatchObject({
      bonus_type: "rakeback",
      rakeback_slots_percent: "1",
      rakeback_live_percent: "0.5",
      rakeback_payout: "cash",
      coin_price: "0",
    });
  });

  it("previews each type as the player app writes it", () => {
    expect(previewOf(weeklyCashback, []).headline).toBe("10% cashback, weekly");
    expect(previewOf(weeklyCashback, [], "EUR").rows.find((r) => r.key === "max")?.value).toBe("500 EUR");
    const rake = previewOf(rakeback, []);
    expect(rake.headline).toBe("Rakeback: 1% slots, 0.5% live");
    expect(rake.rows.map((r) => r.label)).toEqual(["Rakeback", "Paid as", "Currencies"]);
    expect(previewOf({ ...rakeback, rakeback_live_percent: "0" }, []).headline).toBe("Rakeback: 1% slots");
    const shop = previewOf(coin, []);
    expect(shop.headline).toBe("10 USD for 100 coins");
    expect(shop.rows.find((r) => r.key === "price")?.value).toBe("100 coins");
    expect(shop.requirement).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// The editor itself

const label: BonusLabel = {
  guid: "3c1b7a52-2f0e-4c1d-9a8b-6e5d4c3b2a10",
  name: "Hot",
  icon: null,
  background_color: "#dc2626",
  styles: {},
  campaigns: 0,
  created_at: "2026-11-25T09:00:00.000Z",
  updated_at: "2026-11-25T09:00:00.000Z",
};

const envelope = (status: number, body: unknown) =>
  new Response(
    JSON.stringify({ status: status < 400 ? "ok" : "error", payload: body, metadata: { request_id: "r" } }),
    { status, headers: { "content-type": "application/json" } },
  );

/** Labels answer; every POST is recorded and refused with `refusal`, so nothing navigates away. */
function fakeApi(refusal: unknown) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request =
        input instanceof Request
          ? input
          : new Request(new URL(input, "http://localhost"), { ...init, signal: undefined });
      const path = new URL(request.url).pathname.replace("/api/backoffice/v1", "");
      if (request.method === "GET" && path === "/bonus-labels") return envelope(200, [label]);
      if (request.method === "POST") {
        posts.push(JSON.parse(await request.text()));
        return envelope(400, refusal);
      }
      return envelope(404, { code: "NOT_FOUND", message: "no route" });
    }),
  );
  return posts;
}

function renderEditor() {
  startStaffSession("test-token");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/bonuses/new", element: <NewBonusCampaignPage /> },
      { path: "/bonuses/:id", element: <p>Campaign page</p> },
      { path: "/bonuses", element: <p>Campaign list</p> },
    ],
    { initialEntries: ["/bonuses/new"] },
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

const card = () => within(screen.getByTestId("offer-card"));

// The editor is a large form: on a busy machine its tests outlast the 5 s default.
describe("Campaign editor: the fields of each type", { timeout: 20_000 }, () => {
  it("shows the period for a cashback, the rates and payout for a rakeback, the price for a coin bonus", async () => {
    fakeApi({ code: "VALIDATION_ERROR", message: "no" });
    renderEditor();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Weekly cashback" } });
    expect(screen.queryByLabelText("Cashback period")).toBeNull();

    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "cashback" } });
    expect((screen.getByLabelText("Trigger") as HTMLSelectElement).value).toBe("scheduled");
    expect((screen.getByRole("checkbox", { name: "Cumulative" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText("Cashback period"), { target: { value: "daily" } });
    fireEvent.change(screen.getByLabelText("USD cashback %"), { target: { value: "10" } });
    expect(card().getByText("10% cashback, daily", { selector: "p" })).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Max cashback" })).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "rakeback" } });
    expect(screen.queryByLabelText("Cashback period")).toBeNull();
    expect((screen.getByLabelText("Wagering (× the bonus)") as HTMLInputElement).value).toBe("0");
    fireEvent.change(screen.getByLabelText("Slots rakeback (%)"), { target: { value: "1" } });
    fireEvent.change(screen.getByLabelText("Live rakeback (%)"), { target: { value: "0.5" } });
    expect(card().getByText("Rakeback: 1% slots, 0.5% live", { selector: "p" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Rakeback payout"), { target: { value: "bonus" } });
    expect(card().getByText("Paid as", { selector: "dt" }).nextElementSibling?.textContent).toBe("Bonus");

    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "coin" } });
    expect((screen.getByLabelText("Trigger") as HTMLSelectElement).value).toBe("manual");
    expect(screen.queryByLabelText("Slots rakeback (%)")).toBeNull();
    fireEvent.change(screen.getByLabelText("Price in coins"), { target: { value: "100" } });
    fireEvent.change(screen.getByLabelText("USD amount granted"), { target: { value: "10" } });
    expect(card().getByText("10 USD for 100 coins", { selector: "p" })).toBeTruthy();
  });

  it("marks a broken rakeback before sending, then shows the server's refusal on its field", async () => {
    const posts = fakeApi({
      code: "VALIDATION_ERROR",
      message: "rakeback_live_percent: only a rakeback has rates; send 0",
      fields: [{ field: "body.coin_price", message: "only a coin bonus has a coin price; send 0" }],
    });
    renderEditor();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Rakeback" } });
    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "rakeback" } });
    fireEvent.change(screen.getByLabelText("Wagering (× the bonus)"), { target: { value: "5" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Cumulative" }));
    fireEvent.click(screen.getByRole("button", { name: "Create campaign" }));

    expect(await screen.findByText("A rakeback needs a slots or live rate above 0.")).toBeTruthy();
    expect(screen.getByText("A rakeback paid as cash has no wagering: 0, or pay it as a bonus.")).toBeTruthy();
    expect(
      screen.getByText("A rakeback campaign pays the same player repeatedly: it must be cumulative."),
    ).toBeTruthy();
    expect(screen.getByLabelText("Slots rakeback (%)").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("checkbox", { name: "Cumulative" }).getAttribute("aria-invalid")).toBe("true");
    expect(posts).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Slots rakeback (%)"), { target: { value: "1" } });
    fireEvent.change(screen.getByLabelText("Wagering (× the bonus)"), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Cumulative" }));
    fireEvent.click(screen.getByRole("button", { name: "Create campaign" }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      bonus_type: "rakeback",
      bonus_trigger: "scheduled",
      is_cumulative: true,
      rakeback_slots_percent: "1",
      rakeback_payout: "cash",
    });
    // A field the editor does not show for this type goes to the summary, named.
    expect(await screen.findByText("coin_price: only a coin bonus has a coin price; send 0")).toBeTruthy();
  });
});
