import type {
  ChatMessage,
  PlayerChatView,
  SendChatMessageBody,
  SentChatMessage,
} from "@croupier/contract/entities/live-chat";
import type { ChatMessageEvent } from "@croupier/contract/realtime-events";
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { Api } from "../../lib/api-get";
import { apiGet } from "../../lib/api-get";
import { useApi } from "../../lib/browser-api";

// The player's live chat (issue #15): GET /chat/conversation, POST /chat/messages, /chat/read, /chat/typing.
// Types only from the contract: its schemas carry zod, which the widget does not need.

/** The contract's CHAT_MESSAGE_MAX_LENGTH (not imported: that module carries zod). */
export const CHAT_TEXT_MAX = 2_000;

/**
 * The conversation this browser started as a visitor (localStorage): only then does a visitor's page ask
 * for it, and after a login the player claims it (POST /chat/claim) so the conversation carries on.
 */
export const VISITOR_CHAT_FLAG = "croupier.chat.started";

export function visitorConversation(): string | null {
  try {
    return localStorage.getItem(VISITOR_CHAT_FLAG);
  } catch {
    return null;
  }
}

export function rememberVisitorConversation(conversationId: string | null): void {
  try {
    if (conversationId) localStorage.setItem(VISITOR_CHAT_FLAG, conversationId);
    else localStorage.removeItem(VISITOR_CHAT_FLAG);
  } catch {
    // Private mode: the conversation is still there while this page is.
  }
}

export async function claimVisitorConversation(api: Api, conversationId: string): Promise<boolean> {
  const { payload } = await api.client.post<{ claimed: boolean }>("/api/v1/chat/claim", {
    body: { conversation_id: conversationId },
  });
  return payload.claimed;
}

/** One cache entry per identity: a login or logout switches to the other conversation. */
export const chatKey = (userId: string | null) => ["live-chat", userId ?? "visitor"] as const;

export function fetchChat(api: Api, signal?: AbortSignal): Promise<PlayerChatView> {
  return apiGet<PlayerChatView>(api, "/api/v1/chat/conversation", { signal });
}

export async function sendChatMessage(api: Api, body: SendChatMessageBody): Promise<SentChatMessage> {
  return (await api.client.post<SentChatMessage>("/api/v1/chat/messages", { body })).payload;
}

export async function markChatRead(api: Api): Promise<void> {
  await api.client.post("/api/v1/chat/read", { body: {} });
}

export async function sendTyping(api: Api): Promise<void> {
  await api.client.post("/api/v1/chat/typing", { body: {} });
}

export const chatQueryOptions = (api: Api, userId: string | null) =>
  queryOptions({ queryKey: chatKey(userId), queryFn: ({ signal }) => fetchChat(api, signal), staleTime: 30_000 });

/** The conversation; `pollMs` refetches while nothing pushes updates (visitors have no socket). */
export function useChat(userId: string | null, options: { enabled: boolean; pollMs?: number | false }) {
  return useQuery({
    ...chatQueryOptions(useApi(), userId),
    enabled: options.enabled,
    refetchInterval: options.pollMs ?? false,
  });
}

/** Adds a message to the cached view once (a socket event and the send's own answer both bring it). */
export function withMessage(
  view: PlayerChatView,
  conversationId: string,
  message: ChatMessage,
  unread?: number,
): PlayerChatView {
  const known = view.messages.some((m) => m.id === message.id);
  const sameConversation = view.conversation?.id === conversationId;
  return {
    ...view,
    // A message of a new conversation (the previous one was closed) starts a fresh history.
    messages: known ? view.messages : sameConversation ? [...view.messages, message] : [message],
    conversation: {
      id: conversationId,
      status: sameConversation && view.conversation ? view.conversation.status : "open",
      unread: unread ?? (sameConversation ? (view.conversation?.unread ?? 0) : 0),
      offline_email: sameConversation ? (view.conversation?.offline_email ?? null) : null,
    },
  };
}

/** A chat_message event: into the cache when the view is loaded, otherwise a refetch on next use. */
export function applyChatEvent(queryClient: QueryClient, userId: string | null, event: ChatMessageEvent): void {
  const key = chatKey(userId);
  const view = queryClient.getQueryData<PlayerChatView>(key);
  if (!view) {
    void queryClient.invalidateQueries({ queryKey: key });
    return;
  }
  // Closing and reopening arrive as system messages; the status comes from the server on refetch.
  if (event.message.author === "system") void queryClient.invalidateQueries({ queryKey: key });
  queryClient.setQueryData<PlayerChatView>(key, withMessage(view, event.conversation_id, event.message, event.unread));
}
