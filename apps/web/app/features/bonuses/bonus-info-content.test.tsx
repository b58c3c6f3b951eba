import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bonusInfoTitle } from "../../modals/modal-registry";
import { bonusInfoNumber, BonusInfoContent } from "./bonus-info-content";
import { coinOffer, welcomeOffer } from "./test-fixtures";

vi.mock("../../lib/use-auth", () => ({ useAuth: () => ({ userId: "20000000-0000-4000-8000-000000000001", authenticated: true }) }));

let calls: { path: string; query: Record<string, string> }[];
const envelope = (payload: unknown, metadata: Record<string, unknown> = {}) => ({ status: "ok", payload, metadata: { request_id: "t", ...metadata } });

const second = welcomeOffer({
  bonus_guid: "71000000-0000-4000-8000-000000000002",
  guid: "70000000-0000-4000-8000-000000000002",
  bonus_name: "Reload 50",
  deposit_number: 2,
  bonus_percent: "50",
  terms: "Reload terms in full.",
});

beforeEach(() => {
  calls = [];
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    calls.push({ path: url.pathname, query });
    if (url.pathname === "/api/v1/bonus" && query.bonus_guid === welcomeOffer().bonus_guid) return Response.json(envelope(welcomeOffer()));
    if (url.pathname === "/api/v1/bonus" && query.bonus_guid === coinOffer().bonus_guid)
      return Response.json(envelope(coinOffer({ eligibility: { eligible: false, reason: "This bonus is granted by our team.", next_deposit_number: null } })));
    if (url.pathname === "/api/v1/bonus_hub") return Response.json(envelope(query.deposit_number === "2" ? [second] : [], { total: 1 }));
    return Response.json({ status: "error", payload: { code: "NOT_FOUND", message: "Not found" }, metadata: { request_id: "t" } }, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const close = vi.fn();
function show(url: string, coinShop = true) {
  const Stub = createRoutesStub([{ path: "/*", Component: () => <BonusInfoContent close={close} coinShop={coinShop} /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={[url]} />
    </QueryClientProvider>,
  );
}

describe("the bonus-info dialogs", () => {
  it("show a coin bonus's price and the way to the coin shop, not the engine's manual-grant reason", async () => {
    show(`/bonus-hub/promo?modal=bonus-info0&bonus_guid=${coinOffer().bonus_guid}`);
    const body = await screen.findByTestId("bonus-info");
    expect(body.textContent).toContain("10 USD for 100 coins");
    expect(body.textContent).toContain("Price100 coins");
    expect(body.textContent).not.toContain("granted by our team");
    expect(within(body).getByRole("link", { name: "Go to the coin shop" }).getAttribute("href")).toBe("/bonus-hub/coin");
    expect(within(body).queryByRole("link", { name: "Deposit" })).toBeNull();
  });

  it("with the coin shop off (caswino-coin), a coin bonus has no link to it and says coin bonuses are not available", async () => {
    show(`/bonus-hub/promo?modal=bonus-info0&bonus_guid=${coinOffer().bonus_guid}`, false);
    const body = await screen.findByTestId("bonus-info");
    expect(body.textContent).toContain("Coin bonuses are not available right now.");
    expect(within(body).queryByRole("link", { name: "Go to the coin shop" })).toBeNull();
    for (const link of within(body).queryAllByRole("link")) expect(link.getAttribute("href")).not.toContain("/bonus-hub/coin");
  });

  it("are titled: bonus-info1 with its fixed title, the others by their deposit", () => {
    expect(bonusInfoTitle("bonus-info1")).toBe("Welcome bonus");
    expect(bonusInfoTitle("bonus-info2")).toBe("2nd deposit bonus");
    expect(bonusInfoTitle("bonus-info3")).toBe("3rd deposit bonus");
    expect(bonusInfoTitle("bonus-info0")).toBe("Bonus terms");
    expect(bonusInfoNumber("bonus-info12")).toBe(12);
    expect(bonusInfoNumber("login")).toBe(0);
  });

  it("show the named offer's display form and its full terms", async () => {
    show(`/bonus-hub/promo?modal=bonus-info1&bonus_guid=${welcomeOffer().bonus_guid}`);
    const info = await screen.findByTestId("bonus-info");
    expect(within(info).getByRole("heading", { name: "Welcome bonus" })).toBeTruthy();
    expect(info.textContent).toContain("1st deposit");
    expect(info.textContent).toContain("Wager ×10");
    expect(within(info).getByRole("region", { name: "Full terms" }).textContent).toContain("One welcome bonus per person.");
    expect(within(info).getByRole("link", { name: "Deposit" }).getAttribute("href")).toContain("modal=deposit");
    expect(calls.map((c) => c.path)).toEqual(["/api/v1/bonus"]);
  });

  it("without a bonus_guid show the running offer for the n-th deposit", async () => {
    show("/?modal=bonus-info2");
    const info = await screen.findByTestId("bonus-info");
    expect(info.textContent).toContain("Reload 50");
    expect(info.textContent).toContain("2nd deposit");
    expect(info.textContent).toContain("Reload terms in full.");
    expect(calls).toEqual([{ path: "/api/v1/bonus_hub", query: expect.objectContaining({ deposit_number: "2" }) }]);
  });

  it("say so when the offer is gone", async () => {
    show("/?modal=bonus-info1&bonus_guid=71000000-0000-4000-8000-0000000000ff");
    expect((await screen.findByRole("alert")).textContent).toContain("could not be loaded");
  });

  it("fetch nothing for bonus-info0 without an offer", async () => {
    show("/?modal=bonus-info0");
    expect((await screen.findByRole("alert")).textContent).toContain("not available right now");
    expect(calls).toEqual([]);
  });
});
