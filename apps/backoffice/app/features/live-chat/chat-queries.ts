import {
  cannedReply,
  chatConversationDetail,
  chatInboxPage,
  type CannedReply,
  type ChatConversationDetail,
  type ChatInboxPage,
  type ChatInboxView,
} from "@croupier/contract/backoffice/live-chat";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { staffApi } from "../../lib/staff-api";

// GET calls of the inbox (issue #15, capability 5). Every chat query key starts with CHAT_KEY, so one
// realtime event (chat_inbox_changed) refreshes the lists and the open conversation together.

export const CHAT_KEY = ["backoffice", "chat"] as const;
export const INBOX_PAGE_SIZE = 50;

export async function listInbox(view: ChatInboxView, page: number, signal?: AbortSignal): Promise<ChatInboxPage> {
  const query = { view, page, per_page: INBOX_PAGE_SIZE };
  return (await staffApi().get("/chat/conversations", { query, signal, schema: chatInboxPage })).payload;
}
export const inboxQueryOptions = (view: ChatInboxView, page: number) =>
  queryOptions({
    queryKey: [...CHAT_KEY, "inbox", view, page],
    queryFn: ({ signal }) => listInbox(view, page, signal),
    placeholderData: (previous) => previous,
  });
export const useInbox = (view: ChatInboxView, page: number) => useQuery(inboxQueryOptions(view, page));

export async function loadConversation(id: string, signal?: AbortSignal): Promise<ChatConversationDetail> {
  return (
    await staffApi().get(`/chat/conversations/${encodeURIComponent(id)}`, { signal, schema: chatConversationDetail })
  ).payload;
}
export const conversationQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...CHAT_KEY, "conversation", id], queryFn: ({ signal }) => loadConversation(id, signal) });
export const useConversation = (id: string | null) =>
  useQuery({ ...conversationQueryOptions(id ?? ""), enabled: id !== null });

const cannedReplyList = cannedReply.array();
export async function listCannedReplies(signal?: AbortSignal): Promise<CannedReply[]> {
  return (await staffApi().get("/chat/canned-replies", { signal, schema: cannedReplyList })).payload;
}
export const cannedRepliesQueryOptions = () =>
  queryOptions({
    queryKey: [...CHAT_KEY, "canned-replies"],
    queryFn: ({ signal }) => listCannedReplies(signal),
    staleTime: 60_000,
  });
export const useCannedReplies = () => useQuery(cannedRepliesQueryOptions());
