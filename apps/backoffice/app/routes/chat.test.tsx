import type { ChatConversationSummary } from "@croupier/contract/backoffice/live-chat";
import { ROLE_PERMISSIONS, type StaffRole } from "@croupier/contract/staff-permissions";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../lib/staff-session";
import ChatPage from "./chat";

const socket = vi.hoisted(() => ({ typing: new Set<string>(), sendTyping: vi.fn() }));
vi.mock("../features/live-chat/use-staff-chat-socket", () => ({
  useStaffChatSocket: () => ({ connected: true, typing: socket.typing, sendTyping: socket.sendTyping }),
}));

const CONVERSATION_ID = "0b7e3d7c-6a51-4a8c-9d3e-6f0a9b1c2d01";
const PLAYER_ID = "6f1c1f5e-8d53-4a55-9d39-1e0c1d0e2a11";
const STAFF_ID = "5a0e2c1d-1111-4a8c-9d3e-6f0a9b1c2d02";

const summary = (overrides: Partial<ChatConversationSummary> = {}): ChatConversationSummary => ({
  id: CONVERSATION_ID,
  status: "open",
  player_id: PLAYER_ID,
  label: "Jane 6f1c1f5e",
  assigned_staff_id: null,
  assigned_staff_name: null,
  last_message_at: "2026-11-25T06:00:00.000Z",
  last_message_preview: "Where is my withdrawal?",
  unread: 2,
  offline: false,
  offline_email: null,
  created_at: "2026-11-25T05:59:00.000Z",
  ...overrides,
});

type Call = { method: string; path: string; body: unknown };

function fakeApi(role: StaffRole) {
  const calls: Call[] = [];
  let conversation = summary();
  const envelope = (payload: unknown, status = 200) =>
    new Response(JSON.stringify({ status: status < 400 ? "ok" : "error", payload, metadata: { request_id: "r" } }), {
      status,
      headers: { "content-type": "application/json" },
    });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const path = url.pathname.replace("/api/backoffice/v1", "");
      const body = request.method === "POST" ? await request.json() : undefined;
      calls.push({ method: request.method, path: `${path}${url.search}`, body });
      if (path === "/me")
        return envelope({
          id: STAFF_ID,
          email: `${role}@staff.test`,
          display_name: "Sam",
          role,
          permissions: ROLE_PERMISSIONS[role],
        });
      if (path === "/chat/conversations") {
        const view = url.searchParams.get("view");
        const items =
          view === "unassigned" && !conversation.assigned_staff_id
            ? [conversation]
            : view === "mine" && conversation.assigned_staff_id
              ? [conversation]
              : [];
        const open = conversation.assigned_staff_id ? 0 : 1;
        return envelope({
          items,
          page: 1,
          per_page: 50,
          total: items.length,
          counts: {
            unassigned: { total: open, unread: open && conversation.unread ? 1 : 0 },
            mine: { total: 1 - open, unread: 0 },
            closed: { total: 3, unread: 0 },
          },
        });
      }
      if (path === `/chat/conversations/${CONVERSATION_ID}`)
        return envelope({
          conversation,
          messages: [
            {
              id: "a1b2c3d4-0000-4000-8000-000000000001",
              author: "player",
              text: "Where is my withdrawal?",
              channel: "chat",
              staff_name: null,
              created_at: "2026-11-25T06:00:00.000Z",
            },
          ],
        });
      if (path === `/chat/conversations/${CONVERSATION_ID}/read`) {
        conversation = { ...conversation, unread: 0 };
        return envelope(null);
      }
      if (path === `/chat/conversations/${CONVERSATION_ID}/assign`) {
        conversation = { ...conversation, assigned_staff_id: STAFF_ID, assigned_staff_name: "Sam" };
        return envelope(conversation);
      }
      if (path === `/chat/conversations/${CONVERSATION_ID}/messages`)
        return envelope({
          id: "a1b2c3d4-0000-4000-8000-000000000002",
          author: "staff",
          text: (body as { text: string }).text,
          channel: "chat",
          staff_name: "Sam",
          created_at: "2026-11-25T06:01:00.000Z",
        });
      if (path === "/chat/canned-replies")
        return envelope([
          {
            id: "c0000000-0000-4000-8000-000000000001",
            title: "Withdrawal times",
            body: "Withdrawals are reviewed within 24 hours.",
            updated_at: "2026-11-25T00:00:00.000Z",
          },
        ]);
      return envelope({ code: "NOT_FOUND", message: "no route" }, 404);
    }),
  );
  return { calls };
}

function renderPage(entry = "/chat") {
  startStaffSession("test-token");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/chat", Component: ChatPage },
      { path: "/players/:id", Component: () => <p>player page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  socket.typing = new Set();
  socket.sendTyping.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endStaffSession();
});

describe("live chat inbox", () => {
  it("lists the unassigned tab with counts, opens a conversation, reads it, assigns it and answers with a canned reply", async () => {
    const { calls } = fakeApi("support");
    const router = renderPage();
    const tab = await screen.findByTestId("chat-tab-unassigned");
    await waitFor(() => expect(tab.textContent).toContain("1"));
    expect(screen.getByTestId("chat-tab-closed").textContent).toContain("3");

    fireEvent.click(await screen.findByTestId("chat-conversation-item"));
    const view = await screen.findByTestId("chat-conversation");
    expect(await within(view).findByText("Where is my withdrawal?")).toBeTruthy();
    expect(router.state.location.search).toBe(`?c=${CONVERSATION_ID}`);
    await waitFor(() => expect(calls.some((c) => c.path === `/chat/conversations/${CONVERSATION_ID}/read`)).toBe(true));
    expect(screen.getByTestId("chat-player-link").getAttribute("href")).toBe(`/players/${PLAYER_ID}`);

    fireEvent.click(within(view).getByRole("button", { name: "Assign to me" }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === `/chat/conversations/${CONVERSATION_ID}/assign`)).toBe(true),
    );
    expect(await within(view).findByText(/Assigned to you/)).toBeTruthy();

    const canned = await screen.findByLabelText("Canned reply");
    await waitFor(() => expect(within(canned).getByRole("option", { name: "Withdrawal times" })).toBeTruthy());
    fireEvent.change(canned, { target: { value: "c0000000-0000-4000-8000-000000000001" } });
    const answer = screen.getByLabelText("Your answer") as HTMLTextAreaElement;
    expect(answer.value).toBe("Withdrawals are reviewed within 24 hours.");
    fireEvent.change(answer, { target: { value: `${answer.value} Yours is approved.` } });
    expect(socket.sendTyping).toHaveBeenCalledWith(CONVERSATION_ID);
    fireEvent.keyDown(answer, { key: "Enter" });
    await waitFor(() =>
      expect(calls.find((c) => c.path === `/chat/conversations/${CONVERSATION_ID}/messages`)?.body).toEqual({
        text: "Withdrawals are reviewed within 24 hours. Yours is approved.",
      }),
    );
    await waitFor(() => expect(answer.value).toBe(""));
  });

  it("shows when the player is typing", async () => {
    fakeApi("support");
    socket.typing = new Set([CONVERSATION_ID]);
    renderPage(`/chat?c=${CONVERSATION_ID}`);
    expect(await screen.findByTestId("chat-player-typing")).toBeTruthy();
    const item = await screen.findByTestId("chat-conversation-item");
    expect(item.textContent).toContain("typing…");
  });

  it("lets a role that only reads chats look but not answer", async () => {
    const { calls } = fakeApi("compliance");
    renderPage(`/chat?c=${CONVERSATION_ID}`);
    const view = await screen.findByTestId("chat-conversation");
    expect(await within(view).findByText("Your role can read chats but not answer them.")).toBeTruthy();
    expect(within(view).queryByRole("button", { name: "Assign to me" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Canned replies" })).toBeNull();
    expect(calls.some((c) => c.path === "/chat/canned-replies")).toBe(false);
    expect(calls.some((c) => c.path.endsWith("/read"))).toBe(false);
  });
});
