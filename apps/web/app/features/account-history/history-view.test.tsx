import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { AccountHistoryPage } from "@croupier/contract/entities/account";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAuth } from "../../lib/client-auth";
import { historySearch, HistoryView } from "./history-view";

const PLAYER = "20000000-0000-4000-8000-000000000001";

const login = {
  id: "s1:login",
  kind: "login" as const,
  action: "login",
  title: "Logged in",
  description: "Chrome, Windows, desktop · 203.0.113.9",
  details: { browser: "Chrome", ip: "203.0.113.9" },
  created_at: "2026-01-02T10:00:00.000Z",
};
const password = {
  id: "e1",
  kind: "credentials" as const,
  action: "password_changed",
  title: "Password changed",
  description: "",
  details: {},
  created_at: "2026-01-01T10:00:00.000Z",
};

let answer: AccountHistoryPage;
let asked: URLSearchParams[];

beforeEach(() => {
  asked = [];
  answer = { items: [login, password], page: 1, per_page: 20, has_more: true };
  vi.stubGlobal("fetch", async (input: Request) => {
    const params = new URL(input.url).searchParams;
    asked.push(params);
    const kind = params.get("kind");
    const payload = kind
      ? { ...answer, has_more: false, items: answer.items.filter((item) => item.kind === kind) }
      : answer;
    return new Response(JSON.stringify({ status: "ok", payload, metadata: { request_id: "t" } }), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
  act(() => clientAuth.set(true, PLAYER));
});

afterEach(() => {
  cleanup();
  act(() => clientAuth.set(false, null));
  vi.unstubAllGlobals();
});

function renderHistory(url = "/account/history") {
  const Stub = createRoutesStub([{ path: "/*", Component: HistoryView }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={[url]} />
    </QueryClientProvider>,
  );
}

describe("HistoryView", () => {
  it("lists logins with device and address and other events, newest first, with pages", async () => {
    renderHistory();
    expect(screen.getByRole("status", { name: "Loading your account history" })).toBeTruthy();
    const entries = await screen.findAllByTestId("history-entry");
    expect(entries.map((entry) => entry.dataset.kind)).toEqual(["login", "credentials"]);
    expect(screen.getByText("Chrome, Windows, desktop · 203.0.113.9")).toBeTruthy();
    expect(screen.getByText("Password changed")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Older" }));
    await vi.waitFor(() => expect(asked.some((params) => params.get("page") === "2")).toBe(true));
  });

  it("filters by kind", async () => {
    renderHistory();
    await screen.findAllByTestId("history-entry");
    fireEvent.change(screen.getByRole("combobox", { name: "Show" }), { target: { value: "credentials" } });
    await vi.waitFor(() =>
      expect(screen.getAllByTestId("history-entry").map((entry) => entry.dataset.kind)).toEqual(["credentials"]),
    );
    expect(asked.at(-1)!.get("kind")).toBe("credentials");
    expect(asked.at(-1)!.get("page")).toBe("1");
  });

  it("reads only known kinds and bounded pages from the address", () => {
    expect(historySearch(new URLSearchParams("kind=login&page=3"))).toEqual({ kind: "login", page: 3 });
    expect(historySearch(new URLSearchParams("kind=bets&page=0"))).toEqual({ kind: null, page: 1 });
    expect(historySearch(new URLSearchParams("page=101"))).toEqual({ kind: null, page: 1 });
  });
});
