import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../lib/staff-session";
import PlayersPage from "./players";

const JANE = {
  id: "6f1c1f5e-8d53-4a55-9d39-1e0c1d0e2a11",
  email: "jane@example.com",
  first_name: "Jane",
  last_name: "Doe",
  phone: null,
  country: "gb",
  currency: "USD",
  status: "locked",
  created_at: "2026-11-20T10:00:00.000000Z",
};

function setup() {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      queries.push(url.searchParams);
      const items = url.searchParams.get("q") === "jane" ? [JANE] : [];
      return new Response(
        JSON.stringify({ status: "ok", payload: { items, next_cursor: null }, metadata: { request_id: "r" } }),
        {
          headers: { "content-type": "application/json" },
        },
      );
    }),
  );
  startStaffSession("test-token");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/players", Component: PlayersPage },
      { path: "/players/:id", Component: () => <p>player page</p> },
    ],
    { initialEntries: ["/players"] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queries, router };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endStaffSession();
});

describe("players page", () => {
  it("lists the newest players first, searches with the query in the address, and opens a player on click", async () => {
    const { queries, router } = setup();
    await screen.findByText("No players yet");
    expect(queries[0]?.has("q")).toBe(false);

    const box = screen.getByRole("searchbox", { name: "Search players" });
    fireEvent.change(box, { target: { value: "j" } });
    expect(screen.getByText("Type at least 2 characters.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Search" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(box, { target: { value: "jane" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    const table = await screen.findByRole("table", { name: "Players matching “jane”" });
    await within(table).findByText("Jane Doe");
    expect(router.state.location.search).toBe("?q=jane");
    expect(queries.at(-1)?.get("limit")).toBe("25");
    expect(within(table).getByText("Locked")).toBeTruthy();

    fireEvent.click(within(table).getByText("jane@example.com"));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/players/${JANE.id}`));
  });
});
