import type { SiteRule } from "@croupier/contract/backoffice/site-rules";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../../lib/staff-session";
import SiteRulesPage from "../../routes/site-rules";

const rule: SiteRule = {
  guid: "3c1b7a52-2f0e-4c1d-9a8b-6e5d4c3b2a10",
  path_prefix: "/live",
  kind: "maintenance",
  target: null,
  ends_at: null,
  countries: [],
  enabled: true,
  note: "studio move",
  created_at: "2026-11-25T09:00:00.000Z",
  updated_at: "2026-11-25T09:00:00.000Z",
};

type Call = { method: string; path: string; body: unknown };

const envelope = (status: number, body: unknown) =>
  new Response(
    JSON.stringify({ status: status < 400 ? "ok" : "error", payload: body, metadata: { request_id: "r" } }),
    {
      status,
      headers: { "content-type": "application/json" },
    },
  );

/** The staff API in memory: GET /site-rules lists `rules`; a POST answers `answer`. */
function fakeApi(rules: SiteRule[], answer: { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request =
        input instanceof Request
          ? input
          : new Request(new URL(input, "http://localhost"), { ...init, signal: undefined });
      const path = new URL(request.url).pathname.replace("/api/backoffice/v1", "");
      const text = request.method === "GET" ? "" : await request.text();
      calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
      if (path === "/site-rules" && request.method === "GET") return envelope(200, rules);
      if (path === "/site-rules" && request.method === "POST") return envelope(answer.status, answer.body);
      return envelope(404, { code: "NOT_FOUND", message: "no route" });
    }),
  );
  return { posts: () => calls.filter((c) => c.method === "POST") };
}

function renderPage() {
  startStaffSession("test-token");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/site-rules", element: <SiteRulesPage /> }], {
    initialEntries: ["/site-rules"],
  });
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

describe("Site rules page", () => {
  it("lists the rules and adds a country restriction with the codes the staff member typed", async () => {
    const api = fakeApi([rule], {
      status: 200,
      body: {
        ...rule,
        guid: "4d2c8b63-3a1f-4d2e-8b9c-7f6e5d4c3b21",
        path_prefix: "/slots",
        kind: "restrict",
        countries: ["DE", "FR"],
      },
    });
    renderPage();
    expect(await screen.findByRole("cell", { name: "/live" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "Until switched off" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Add a rule" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a site rule" });
    fireEvent.change(within(dialog).getByLabelText("Kind"), { target: { value: "restrict" } });
    fireEvent.change(within(dialog).getByLabelText("Path"), { target: { value: "/slots" } });
    fireEvent.change(within(dialog).getByLabelText("Countries"), { target: { value: "de, fr" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add rule" }));
    await waitFor(() => expect(api.posts()).toHaveLength(1));
    expect(api.posts()[0]!.body).toEqual({
      path_prefix: "/slots",
      kind: "restrict",
      target: null,
      ends_at: null,
      countries: ["DE", "FR"],
      enabled: true,
      note: null,
    });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add a site rule" })).toBeNull());
  });

  it("shows the server's field error on the address of a redirect and keeps the dialog open", async () => {
    fakeApi([], {
      status: 400,
      body: {
        code: "VALIDATION_ERROR",
        message: "body.target: protocol javascript: is refused",
        fields: [{ field: "body.target", message: "protocol javascript: is refused" }],
      },
    });
    renderPage();
    expect(await screen.findByText("No site rules")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add a rule" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a site rule" });
    fireEvent.change(within(dialog).getByLabelText("Kind"), { target: { value: "redirect" } });
    fireEvent.change(within(dialog).getByLabelText("Path"), { target: { value: "/old" } });
    fireEvent.change(within(dialog).getByLabelText("New address"), { target: { value: "javascript:alert(1)" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add rule" }));
    expect(await within(dialog).findByText("protocol javascript: is refused")).toBeTruthy();
  });
});
