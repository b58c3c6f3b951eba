import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionNotice, staffToken, startStaffSession } from "../lib/staff-session";
import { ConsoleLayout, type PageHandle } from "./console-layout";

const ME = { id: "11111111-1111-4111-8111-111111111111", email: "sam@croupier.test", display_name: "Sam Support", role: "support", permissions: ["self", "players.read", "chat.read"] };

const envelope = (status: number, payload: unknown) =>
  new Response(JSON.stringify({ status: status < 400 ? "ok" : "error", payload, metadata: { request_id: "r" } }), { status, headers: { "content-type": "application/json" } });

function renderAt(url: string) {
  const staffHandle: PageHandle = { permission: "staff.manage" };
  const router = createMemoryRouter(
    [
      { path: "/sign-in", element: <p>sign-in page</p> },
      {
        path: "/",
        element: <ConsoleLayout />,
        children: [
          { index: true, element: <p>home page</p> },
          { path: "staff", handle: staffHandle, element: <p>staff page</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  sessionStorage.clear();
  fetchMock = vi.fn(async (request: Request) => {
    if (new URL(request.url).pathname === "/api/backoffice/v1/me") return envelope(200, ME);
    return envelope(200, {});
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ConsoleLayout", () => {
  it("sends a visitor without a token to sign in", async () => {
    const router = renderAt("/staff");
    await screen.findByText("sign-in page");
    expect(router.state.location.state).toEqual({ from: "/staff" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows who is signed in and only the pages the role may use", async () => {
    startStaffSession("tok");
    renderAt("/");
    await screen.findByText("home page");
    expect(screen.getByTestId("staff-name").textContent).toBe("Sam Support");
    expect(screen.getByTestId("staff-role").textContent).toBe("Support");
    const nav = screen.getByRole("navigation", { name: "Console" });
    expect(within(nav).getByRole("link", { name: "My account" })).toBeTruthy();
    expect(within(nav).queryByRole("link", { name: "Staff" })).toBeNull();
    expect(within(nav).queryByRole("link", { name: "Audit log" })).toBeNull();
  });

  it("refuses a page whose permission the role lacks, without rendering it", async () => {
    startStaffSession("tok");
    renderAt("/staff");
    await screen.findByText("Your role does not allow this page.");
    expect(screen.queryByText("staff page")).toBeNull();
  });

  it("a 401 from /me ends the session and shows the sign-in page with the notice", async () => {
    startStaffSession("ended");
    fetchMock.mockImplementation(async () => envelope(401, { code: "UNAUTHORIZED", message: "Session ended." }));
    renderAt("/");
    await screen.findByText("sign-in page");
    expect(staffToken()).toBeNull();
    expect(sessionNotice()).toMatch(/session has ended/);
  });

  it("signs out: ends the server session, forgets the token, goes to sign-in", async () => {
    startStaffSession("tok");
    renderAt("/");
    await screen.findByText("home page");
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    await screen.findByText("sign-in page");
    await waitFor(() => expect(fetchMock.mock.calls.some(([request]) => (request as Request).url.endsWith("/auth/logout"))).toBe(true));
    const logout = fetchMock.mock.calls.map(([request]) => request as Request).find((request) => request.url.endsWith("/auth/logout"))!;
    expect(logout.headers.get("authorization")).toBe("Bearer tok");
    expect(staffToken()).toBeNull();
    expect(sessionNotice()).toBeNull();
  });
});
