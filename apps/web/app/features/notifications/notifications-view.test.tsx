import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Notification, NotificationsPage } from "@croupier/contract/entities/notifications";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAuth } from "../../lib/client-auth";
import { handleNotificationCreated } from "./notification-events";
import { NotificationBell } from "./notification-bell";
import { NotificationsView } from "./notifications-view";

const PLAYER = "20000000-0000-4000-8000-000000000001";

const notification = (id: string, read: boolean, title = "Deposit received"): Notification => ({
  id,
  kind: "deposit_settled",
  title,
  body: "Your deposit of 15.00 EUR is in your balance.",
  params: { amount: "15.00", currency: "EUR" },
  read_at: read ? "2026-01-02T00:00:00.000Z" : null,
  created_at: "2026-01-01T00:00:00.000Z",
});

const ok = (payload: unknown) =>
  new Response(JSON.stringify({ status: "ok", payload, metadata: { request_id: "t" } }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let page: NotificationsPage;
let unread: number;

beforeEach(() => {
  calls = [];
  unread = 1;
  page = {
    items: [
      notification("70000000-0000-4000-8000-000000000001", false),
      notification("70000000-0000-4000-8000-000000000002", true, "Withdrawal paid"),
    ],
    next_cursor: null,
    unread: 1,
  };
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
    const url = new URL(request.url);
    const method = request.method;
    const text = await request.text();
    const body = text ? JSON.parse(text) : null;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === "/api/v1/notifications/read") {
      page = {
        ...page,
        unread: 0,
        items: page.items.map((item) => ({ ...item, read_at: item.read_at ?? "2026-01-03T00:00:00.000Z" })),
      };
      unread = 0;
      return ok({ unread: 0 });
    }
    if (url.pathname === "/api/v1/notifications/unread-count") return ok({ unread });
    return ok(page);
  });
  act(() => clientAuth.set(true, PLAYER));
});

afterEach(() => {
  cleanup();
  act(() => clientAuth.set(false, null));
  vi.unstubAllGlobals();
});

function renderWith(ui: React.ReactNode, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const Stub = createRoutesStub([{ path: "/*", Component: () => <>{ui}</> }]);
  render(
    <QueryClientProvider client={client}>
      <Stub initialEntries={["/account/notification"]} />
    </QueryClientProvider>,
  );
  return client;
}

describe("NotificationsView", () => {
  it("styles unread notifications apart and marks them all read", async () => {
    renderWith(<NotificationsView />);
    const list = await screen.findByRole("region", { name: "Your notifications" });
    const items = within(list).getAllByTestId("notification");
    expect(items.map((item) => item.dataset.unread)).toEqual(["true", "false"]);
    expect(within(items[0]!).getByText("Unread:", { exact: false })).toBeTruthy();
    expect(screen.getByText("1 unread")).toBeTruthy();
    // Each notification leads to the page with its details.
    expect(within(items[0]!).getByRole("link", { name: "Transactions: Deposit received" }).getAttribute("href")).toBe(
      "/account/wallets/history",
    );

    fireEvent.click(screen.getByRole("button", { name: "Mark all as read" }));
    await screen.findByText("All read");
    expect(calls.find((call) => call.method === "POST")).toEqual({
      method: "POST",
      path: "/api/v1/notifications/read",
      body: { all: true },
    });
    await vi.waitFor(() =>
      expect(screen.getAllByTestId("notification").map((item) => item.dataset.unread)).toEqual(["false", "false"]),
    );
    expect((screen.getByRole("button", { name: "Mark all as read" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("marks one read", async () => {
    renderWith(<NotificationsView />);
    fireEvent.click(await screen.findByRole("button", { name: "Mark read: Deposit received" }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect(calls.find((call) => call.method === "POST")!.body).toEqual({ id: "70000000-0000-4000-8000-000000000001" });
  });

  it("says so when there is nothing yet", async () => {
    page = { items: [], next_cursor: null, unread: 0 };
    renderWith(<NotificationsView />);
    expect(await screen.findByText("No notifications yet")).toBeTruthy();
  });
});

describe("NotificationBell", () => {
  it("shows the unread count and follows notification_created in realtime, toasting it", async () => {
    unread = 3;
    const client = renderWith(<NotificationBell />);
    const badge = await screen.findByTestId("notification-badge");
    expect(badge.textContent).toBe("3");
    expect(screen.getByRole("link", { name: "Notifications, 3 unread" }).getAttribute("href")).toBe(
      "/account/notification",
    );
    // Phones (no room for the bell) get a dot on the account menu's corner.
    expect(screen.getByTestId("notification-dot")).toBeTruthy();

    const toasts: string[] = [];
    act(() =>
      handleNotificationCreated(
        client,
        PLAYER,
        {
          notification: {
            ...notification("70000000-0000-4000-8000-000000000009", false, "Withdrawal paid"),
            kind: "withdrawal_paid",
            body: "Paid.",
          },
          unread: 4,
          event_id: "e1",
        },
        (message) => toasts.push(message),
      ),
    );
    // React Query tells its observers on its own schedule: wait for the badge, not a clock.
    await vi.waitFor(() => expect(screen.getByTestId("notification-badge").textContent).toBe("4"));
    expect(toasts).toEqual(["Withdrawal paid: Paid."]);

    // A deposit is already toasted by the wallet's balance event: no second toast.
    act(() =>
      handleNotificationCreated(
        client,
        PLAYER,
        { notification: notification("70000000-0000-4000-8000-000000000010", false), unread: 120, event_id: "e2" },
        (message) => toasts.push(message),
      ),
    );
    await vi.waitFor(() => expect(screen.getByTestId("notification-badge").textContent).toBe("99+"));
    expect(toasts).toHaveLength(1);
  });

  it("shows no badge with nothing unread", async () => {
    unread = 0;
    renderWith(<NotificationBell />);
    await vi.waitFor(() => expect(calls.some((call) => call.path === "/api/v1/notifications/unread-count")).toBe(true));
    expect(screen.queryByTestId("notification-badge")).toBeNull();
    expect(screen.queryByTestId("notification-dot")).toBeNull();
    expect(screen.getByRole("link", { name: "Notifications" })).toBeTruthy();
  });
});
