import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PromoView } from "./promo-view";
import { cashbackOffer, coinOffer, label, rakebackOffer, welcomeOffer } from "./test-fixtures";

const auth = vi.hoisted(() => ({ authenticated: true }));
vi.mock("../../lib/use-auth", () => ({
  useAuth: () => ({ userId: auth.authenticated ? "20000000-0000-4000-8000-000000000001" : null, authenticated: auth.authenticated }),
}));

const HOT = label();
const NEW = label({ guid: "60000000-0000-4000-8000-000000000002", name: "New", background_color: "#1d4ed8", styles: { color: "#fff", position: "fixed" } });

type Call = { path: string; query: Record<string, string> };
let calls: Call[];
let hub: (query: Record<string, string>) => unknown[];

const envelope = (payload: unknown, metadata: Record<string, unknown> = {}) => ({ status: "ok", payload, metadata: { request_id: "t", ...metadata } });

function serve() {
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    calls.push({ path: url.pathname, query });
    if (url.pathname === "/api/v1/bonus_hub/labels") return Response.json(envelope([HOT, NEW]));
    if (url.pathname === "/api/v1/bonus_hub") {
      const items = hub(query);
      return Response.json(envelope(items, { page: 1, per_page: 50, total: items.length }));
    }
    return Response.json({ status: "error", payload: { code: "NOT_FOUND", message: "No such endpoint" }, metadata: { request_id: "t" } }, { status: 404 });
  });
}

let location = "";
function Probe() {
  const current = useLocation();
  location = current.pathname + current.search;
  return null;
}

function show(url = "/bonus-hub/promo", preferredCurrency: string | null = null, coinShop = true) {
  const Stub = createRoutesStub([
    {
      path: "/*",
      Component: () => (
        <>
          <Probe />
          <PromoView preferredCurrency={preferredCurrency} coinShop={coinShop} />
        </>
      ),
    },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={[url]} />
    </QueryClientProvider>,
  );
}

const second = welcomeOffer({
  guid: "70000000-0000-4000-8000-000000000002",
  bonus_guid: "71000000-0000-4000-8000-000000000002",
  bonus_name: "Second deposit spins",
  bonus_type: "free_spins",
  bonus_percent: "0",
  deposit_number: 2,
  labels: [NEW],
  eligibility: { eligible: false, reason: "This offer is for your 2nd deposit.", next_deposit_number: 1 },
});

beforeEach(() => {
  auth.authenticated = true;
  calls = [];
  hub = (query) => (query.label_guid === NEW.guid ? [second] : [welcomeOffer({ eligibility: { eligible: true, reason: null, next_deposit_number: 1 } }), second]);
  serve();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the promotions page", () => {
  it("shows each running offer with its labels, display-form terms and the player's eligibility", async () => {
    show("/bonus-hub/promo", "EUR");
    const welcome = await screen.findByRole("article", { name: "Welcome bonus" });
    const chip = within(welcome).getByTestId("bonus-label");
    expect(chip.textContent).toBe("Hot");
    expect(chip.style.backgroundColor).toBe("rgb(225, 29, 72)");
    expect(welcome.textContent).toContain("100% up to 100 EUR");
    expect(welcome.textContent).toContain("1st deposit");
    expect(welcome.textContent).toContain("Wager ×10");
    expect(welcome.textContent).toContain("7 days");
    expect(welcome.textContent).toContain("Winnings100%");
    expect(welcome.textContent).toContain("Deposit currenciesEUR, USD");
    expect(welcome.textContent).toContain("Free spins25");
    expect(welcome.textContent).toContain("You can get this bonus.");
    expect(within(welcome).getByRole("link", { name: "Deposit" }).getAttribute("href")).toBe(
      `/bonus-hub/promo?modal=deposit&bonus_guid=${welcomeOffer().bonus_guid}`,
    );
    expect(within(welcome).getByRole("link", { name: "Terms: Welcome bonus" }).getAttribute("href")).toBe(
      `/bonus-hub/promo?modal=bonus-info1&bonus_guid=${welcomeOffer().bonus_guid}`,
    );

    const spins = screen.getByRole("article", { name: "Second deposit spins" });
    expect(spins.textContent).toContain("25 free spins");
    expect(spins.textContent).toContain("Not available: This offer is for your 2nd deposit.");
    // A label's styles apply only colours: "position" from the back office is dropped.
    expect(within(spins).getByTestId("bonus-label").style.position).toBe("");
    // No Deposit for an offer the player cannot get now.
    expect(within(spins).queryByRole("link", { name: "Deposit" })).toBeNull();
    expect(within(spins).getByRole("link", { name: "Terms: Second deposit spins" }).getAttribute("href")).toContain("modal=bonus-info2");
  });

  it("filters by label through the address", async () => {
    show();
    await screen.findByRole("article", { name: "Welcome bonus" });
    const filter = screen.getByRole("navigation", { name: "Filter by label" });
    fireEvent.click(within(filter).getByRole("link", { name: "New" }));
    await waitFor(() => expect(screen.queryByRole("article", { name: "Welcome bonus" })).toBeNull());
    expect(location).toBe(`/bonus-hub/promo?label=${NEW.guid}`);
    expect(screen.getByRole("article", { name: "Second deposit spins" })).toBeTruthy();
    expect(within(filter).getByRole("link", { name: "New" }).getAttribute("aria-current")).toBe("page");
    expect(calls.some((c) => c.path === "/api/v1/bonus_hub" && c.query.label_guid === NEW.guid)).toBe(true);
  });

  it("offers a visitor an account instead of a deposit", async () => {
    auth.authenticated = false;
    hub = () => [welcomeOffer()];
    show();
    const welcome = await screen.findByRole("article", { name: "Welcome bonus" });
    expect(within(welcome).queryByRole("link", { name: "Deposit" })).toBeNull();
    expect(within(welcome).getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe("/bonus-hub/promo?modal=register");
    expect(welcome.textContent).not.toContain("Not available");
  });

  it("with the coin shop off (caswino-coin), a coin offer links nowhere and says coin bonuses are not available", async () => {
    hub = () => [coinOffer({ eligibility: { eligible: false, reason: "This bonus is granted by our team.", next_deposit_number: null } })];
    show("/bonus-hub/promo", "EUR", false);
    const coin = await screen.findByRole("article", { name: "Coin bonus 10" });
    expect(coin.textContent).toContain("Coin bonuses are not available right now.");
    expect(coin.textContent).not.toContain("coin shop");
    expect(within(coin).queryByRole("link", { name: "Go to the coin shop" })).toBeNull();
    for (const link of within(coin).queryAllByRole("link")) expect(link.getAttribute("href")).not.toContain("/bonus-hub/coin");
  });

  it("shows cashback, rakeback and coin offers with where to get them, not a deposit", async () => {
    const manualOnly = { eligible: false, reason: "This bonus is granted by our team.", next_deposit_number: null };
    const yes = { eligible: true, reason: null, next_deposit_number: null };
    hub = () => [cashbackOffer({ eligibility: yes }), rakebackOffer({ eligibility: yes }), coinOffer({ eligibility: manualOnly })];
    show("/bonus-hub/promo", "EUR");
    const cashback = await screen.findByRole("article", { name: "Weekly cashback" });
    expect(cashback.textContent).toContain("10% cashback, weekly");
    expect(cashback.textContent).toContain("Maximum cashback500 EUR");
    expect(cashback.textContent).toContain("Paid automatically each week on your net losses.");
    expect(cashback.textContent).not.toContain("You can get this bonus.");
    expect(within(cashback).queryByRole("link", { name: "Deposit" })).toBeNull();

    const rakeback = screen.getByRole("article", { name: "Rakeback" });
    expect(rakeback.textContent).toContain("Rakeback: 1% slots, 0.5% live");
    expect(rakeback.textContent).toContain("Paid asCash, no wagering");
    expect(within(rakeback).getByRole("link", { name: "Go to Rakeback" }).getAttribute("href")).toBe("/bonus-hub/rakeback");

    const coin = screen.getByRole("article", { name: "Coin bonus 10" });
    expect(coin.textContent).toContain("10 EUR for 100 coins");
    expect(coin.textContent).toContain("Price100 coins");
    // The coin shop grants it: the engine's "granted by our team" is not shown for it.
    expect(coin.textContent).not.toContain("granted by our team");
    expect(within(coin).getByRole("link", { name: "Go to the coin shop" }).getAttribute("href")).toBe("/bonus-hub/coin");

    // A segment or currency refusal still shows on a cashback.
    cleanup();
    hub = () => [cashbackOffer({ eligibility: { eligible: false, reason: "This offer is not available in your currencies.", next_deposit_number: null } })];
    show();
    const refused = await screen.findByRole("article", { name: "Weekly cashback" });
    expect(refused.textContent).toContain("Not available: This offer is not available in your currencies.");
  });

  it("says when nothing is running", async () => {
    hub = () => [];
    show();
    expect(await screen.findByText("No promotions running right now")).toBeTruthy();
  });
});
