import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { customerBonus, welcomeOffer } from "../../features/bonuses/test-fixtures";
import BonusHubOverview from "./overview";

const auth = vi.hoisted(() => ({ authenticated: true }));
vi.mock("../../lib/use-auth", () => ({
  useAuth: () => ({ userId: auth.authenticated ? "20000000-0000-4000-8000-000000000001" : null, authenticated: auth.authenticated }),
}));
vi.mock("../../features/feature-flags/feature-flags-provider", () => ({ useFeatureFlag: () => false }));

const envelope = (payload: unknown[], total = payload.length) => ({ status: "ok", payload, metadata: { request_id: "t", page: 1, per_page: 50, total } });
let paths: string[];

beforeEach(() => {
  auth.authenticated = true;
  paths = [];
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    paths.push(url.pathname);
    if (url.pathname === "/api/v1/bonus_hub") return Response.json(envelope([welcomeOffer()], 3));
    if (url.pathname === "/api/v1/bonuses/list")
      return Response.json(envelope([customerBonus(), customerBonus({ guid: "80000000-0000-4000-8000-000000000009", status: "offered" })]));
    return Response.json({ status: "error", payload: { code: "NOT_FOUND", message: "x" }, metadata: { request_id: "t" } }, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show() {
  const Stub = createRoutesStub([{ path: "/*", Component: BonusHubOverview }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={["/bonus-hub"]} />
    </QueryClientProvider>,
  );
}

describe("the bonus hub overview", () => {
  it("counts the running offers and the player's active and waiting bonuses on their cards", async () => {
    show();
    const promotions = screen.getByRole("link", { name: /Promotions/ });
    expect((await within(promotions).findByTestId("bonus-hub-count")).textContent).toBe("3 offers running");
    const mine = screen.getByRole("link", { name: /My bonuses/ });
    expect((await within(mine).findByTestId("bonus-hub-count")).textContent).toBe("1 active bonus · 1 waiting");
    expect(screen.queryByRole("link", { name: /Coins/ })).toBeNull();
  });

  it("asks a visitor's offers only", async () => {
    auth.authenticated = false;
    show();
    await within(screen.getByRole("link", { name: /Promotions/ })).findByTestId("bonus-hub-count");
    expect(within(screen.getByRole("link", { name: /My bonuses/ })).queryByTestId("bonus-hub-count")).toBeNull();
    expect(paths).toEqual(["/api/v1/bonus_hub"]);
  });
});
