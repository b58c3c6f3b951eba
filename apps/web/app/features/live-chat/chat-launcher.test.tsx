import type { PlayerChatView } from "@croupier/contract/entities/live-chat";
import type { RealtimeClient } from "@croupier/contract/realtime-client";
import type { ChatMessageEvent } from "@croupier/contract/realtime-events";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ChatLauncher } from "./chat-launcher";

type Handler = (event: unknown) => void;
const mocks = vi.hoisted(() => ({
  auth: { authenticated: true, userId: "player-1" as string | null },
  handlers: new Map<string, Handler>(),
  get: vi.fn(),
  post: vi.fn(),
  toastError: vi.fn(),
}));

vi.mock("../../lib/use-auth", () => ({ useAuth: () => mocks.auth }));
vi.mock("../../lib/browser-api", () => {
  const api = { client: { get: mocks.get, post: mocks.post } };
  return { useApi: () => api, getBrowserApi: () => api };
});
vi.mock("../../lib/toasts", () => ({ toastError: mocks.toastError }));
const client = {
  on: (type: string, handler: Handler) => {
    mocks.handlers.set(type, handler);
    return () => mocks.handlers.delete(type);
  },
  onReconnect: () => () => {},
} as unknown as RealtimeClient;

const message = (id: string, author: "player" | "staff", text: string) => ({
  id,
  author,
  text,
  channel: "chat" as const,
  staff_name: author === "staff" ? "Sam" : null,
  created_at: "2026-11-25T06:00:00.000Z",
});
const conversationId = "7d3c1c8e-2f7e-4c57-9a0b-5a1f0e0b1a01";
const view = (overrides: Partial<PlayerChatView> = {}): PlayerChatView => ({
  conversation: { id: conversationId, status: "open", unread: 2, offline_email: null },
  messages: [message("m1", "player", "Where is my deposit?"), message("m2", "staff", "Checking now.")],
  staff_online: true,
  email: "alice@example.test",
  ...overrides,
});

const ui = () => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <ChatLauncher client={client} state="connected" />
  </QueryClientProvider>
);

// The panel is a lazy chunk; loading it once up front keeps the first test inside findBy's wait on a busy machine.
beforeAll(async () => {
  await import("./chat-panel");
});

beforeEach(() => {
  mocks.auth = { authenticated: true, userId: "player-1" };
  mocks.handlers.clear();
  mocks.get.mockReset();
  mocks.post.mockReset();
  mocks.toastError.mockReset();
  mocks.post.mockResolvedValue({ payload: { unread: 0 }, metadata: { request_id: "r" } });
  localStorage.clear();
});
afterEach(cleanup);
configure({ asyncUtilTimeout: 4_000 });

describe("ChatLauncher", () => {
  it("shows the unread badge, opens an accessible dialog with the history, reads it and closes on Escape", async () => {
    mocks.get.mockResolvedValue({ payload: view(), metadata: { request_id: "r" } });
    render(ui());
    const button = await screen.findByRole("button", { name: "Live chat, 2 unread messages" });
    expect(screen.getByTestId("chat-unread").textContent).toBe("2");

    fireEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Live chat" });
    expect(dialog.textContent).toContain("Where is my deposit?");
    expect(dialog.textContent).toContain("Sam");
    expect(screen.getByTestId("chat-status").textContent).toContain("Support is online");
    await waitFor(() => expect(mocks.post).toHaveBeenCalledWith("/api/v1/chat/read", { body: {} }));
    expect(screen.queryByTestId("chat-unread")).toBeNull();
    // Focus is inside the dialog (Radix's focus trap).
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("adds live messages to the badge while closed and shows the staff typing while open", async () => {
    mocks.get.mockResolvedValue({
      payload: view({ conversation: { id: conversationId, status: "open", unread: 0, offline_email: null } }),
      metadata: { request_id: "r" },
    });
    render(ui());
    await screen.findByRole("button", { name: "Live chat" });
    await waitFor(() => expect(mocks.handlers.has("chat_message")).toBe(true));
    const event: ChatMessageEvent = {
      event_id: "e1",
      conversation_id: conversationId,
      message: message("m3", "staff", "Found it!"),
      unread: 1,
    };
    act(() => mocks.handlers.get("chat_message")!(event));
    expect(await screen.findByRole("button", { name: "Live chat, 1 unread message" })).toBeTruthy();

    fireEvent.click(screen.getByTestId("chat-launcher"));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Found it!");
    act(() => mocks.handlers.get("chat_typing")!({ conversation_id: conversationId, side: "staff" }));
    expect(await screen.findByTestId("chat-staff-typing")).toBeTruthy();
  });

  it("sends with Enter and shows the sent message; a refused send toasts", async () => {
    mocks.get.mockResolvedValue({ payload: view({ conversation: null, messages: [] }), metadata: { request_id: "r" } });
    render(ui());
    fireEvent.click(await screen.findByTestId("chat-launcher"));
    const box = await screen.findByLabelText("Message");
    expect(screen.getByRole("dialog").textContent).toContain("Ask us anything");
    mocks.post.mockImplementation(async (path: string) => {
      if (path !== "/api/v1/chat/messages") return { payload: { delivered: true }, metadata: { request_id: "r" } };
      return {
        payload: {
          conversation_id: conversationId,
          message: message("m9", "player", "Hello there"),
          staff_online: true,
          offline: false,
        },
        metadata: { request_id: "r" },
      };
    });
    fireEvent.change(box, { target: { value: "  Hello there " } });
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() =>
      expect(mocks.post).toHaveBeenCalledWith("/api/v1/chat/messages", { body: { text: "Hello there" } }),
    );
    expect(await screen.findByText("Hello there")).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe("");

    const { ResponseError } = await import("@croupier/contract/api-client");
    const refused = new ResponseError({
      response: new Response(null, { status: 429 }),
      payload: { code: "RATE_LIMITED", message: "You are sending messages too fast." },
    });
    mocks.post.mockImplementation(async (path: string) => {
      if (path === "/api/v1/chat/messages") throw refused;
      return { payload: { delivered: true }, metadata: { request_id: "r" } };
    });
    fireEvent.change(box, { target: { value: "again" } });
    // The conversation is open and staff are online: typing is announced.
    await waitFor(() => expect(mocks.post).toHaveBeenCalledWith("/api/v1/chat/typing", { body: {} }));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(mocks.toastError).toHaveBeenCalledWith("You are sending messages too fast."));
    expect((box as HTMLTextAreaElement).value).toBe("again");
  });

  it("says no one is online and takes an email with the message (a visitor must give one)", async () => {
    mocks.auth = { authenticated: false, userId: null };
    mocks.get.mockResolvedValue({
      payload: view({ conversation: null, messages: [], staff_online: false, email: null }),
      metadata: { request_id: "r" },
    });
    render(ui());
    // A visitor who never wrote fetches nothing until they open the chat.
    await act(async () => {});
    expect(mocks.get).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("chat-launcher"));
    await screen.findByText(/No one is online right now/);
    const box = screen.getByLabelText("Message");
    fireEvent.change(box, { target: { value: "Call me back" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Leave an email address so we can answer you.");
    expect(mocks.post).not.toHaveBeenCalledWith("/api/v1/chat/messages", expect.anything());

    mocks.post.mockResolvedValue({
      payload: {
        conversation_id: conversationId,
        message: message("m5", "player", "Call me back"),
        staff_online: false,
        offline: true,
      },
      metadata: { request_id: "r" },
    });
    fireEvent.change(screen.getByLabelText("Your email"), { target: { value: "vis@example.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(mocks.post).toHaveBeenCalledWith("/api/v1/chat/messages", {
        body: { text: "Call me back", email: "vis@example.test" },
      }),
    );
    expect(localStorage.getItem("croupier.chat.started")).toBe(conversationId);
  });

  it("claims the conversation started as a visitor once the player has logged in", async () => {
    localStorage.setItem("croupier.chat.started", conversationId);
    mocks.post.mockResolvedValue({ payload: { claimed: true }, metadata: { request_id: "r" } });
    mocks.get.mockResolvedValue({ payload: view(), metadata: { request_id: "r" } });
    render(ui());
    await waitFor(() =>
      expect(mocks.post).toHaveBeenCalledWith("/api/v1/chat/claim", { body: { conversation_id: conversationId } }),
    );
    expect(localStorage.getItem("croupier.chat.started")).toBeNull();
  });

  it("prefills a logged-in player's email in the offline form", async () => {
    mocks.get.mockResolvedValue({ payload: view({ staff_online: false }), metadata: { request_id: "r" } });
    render(ui());
    fireEvent.click(await screen.findByTestId("chat-launcher"));
    expect(((await screen.findByLabelText("Your email")) as HTMLInputElement).value).toBe("alice@example.test");
  });
});
