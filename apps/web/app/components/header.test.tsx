import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearTokens, writeTokens } from "../features/identity/token-store";
import { clientAuth } from "../lib/client-auth";
import { Header } from "./header";
import { SidebarProvider } from "./sidebar-state";

const PLAYER = "20000000-0000-4000-8000-000000000001";
const base64Url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const tokenFor = (sub: string) =>
  `${base64Url({ alg: "HS256", typ: "JWT" })}.${base64Url({ sub, exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;

function renderHeaderAt(url: string) {
  const Stub = createRoutesStub([
    {
      path: "/*",
      Component: () => (
        <SidebarProvider>
          <Header />
        </SidebarProvider>
      ),
    },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={[url]} />
    </QueryClientProvider>,
  );
  return screen.getByRole("navigation", { name: "Account" });
}

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  // A live session: an access token good for an hour (without one the player is logged out at once).
  writeTokens({ access_token: tokenFor(PLAYER), refresh_token: "" });
  // Every API call is refused: the header must still offer its links and menus.
  vi.stubGlobal(
    "fetch",
    async () =>
      new Response(
        JSON.stringify({
          status: "error",
          payload: { code: "NOT_FOUND", message: "No." },
          metadata: { request_id: "t" },
        }),
        {
          status: 404,
          headers: { "content-type": "application/json" },
        },
      ),
  );
});

afterEach(() => {
  cleanup();
  clearTokens();
  act(() => clientAuth.set(false, null));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Header", () => {
  it("offers a visitor Log in and Register, and no Deposit", () => {
    const nav = renderHeaderAt("/slots");
    expect(within(nav).getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/slots?modal=login");
    expect(within(nav).getByRole("link", { name: "Register" }).getAttribute("href")).toBe("/slots?modal=register");
    expect(within(nav).queryByRole("link", { name: "Deposit" })).toBeNull();
    expect(within(nav).queryByRole("button", { name: "Account menu" })).toBeNull();
  });

  it("gives a player a Deposit button that opens the deposit dialog over the current page", () => {
    act(() => clientAuth.set(true, PLAYER));
    const nav = renderHeaderAt("/slots/popular?page=2");
    expect(within(nav).getByRole("link", { name: "Deposit" }).getAttribute("href")).toBe(
      "/slots/popular?page=2&modal=deposit",
    );
    expect(within(nav).queryByRole("link", { name: "Log in" })).toBeNull();
  });

  it("keeps the account link and Log out for wide screens and puts both in the phones' account menu", async () => {
    act(() => clientAuth.set(true, PLAYER));
    const nav = renderHeaderAt("/");
    // Wide screens (CSS hides these on phones and the menu button from tablets up).
    expect(within(nav).getByTestId("header-player").getAttribute("href")).toBe("/account/dashboard");
    expect(within(nav).getByRole("button", { name: "Log out" })).toBeTruthy();

    // A disabled stand-in until the menu's chunk has arrived.
    const menuButton = () => within(nav).getByRole("button", { name: "Account menu" });
    await vi.waitFor(() => expect(menuButton().hasAttribute("disabled")).toBe(false), { timeout: 5000 });
    const trigger = menuButton();
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    fireEvent.keyDown(trigger, { key: "Enter" });
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "My account" }).getAttribute("href")).toBe("/account/dashboard");
    expect(within(menu).getByRole("menuitem", { name: "Log out" })).toBeTruthy();
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
  });
});
