import type { CannedReply, CannedReplyBody, ChatConversationSummary } from "@croupier/contract/backoffice/live-chat";
import type { ChatMessage } from "@croupier/contract/entities/live-chat";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffApi } from "../../lib/staff-api";
import { CHAT_KEY } from "./chat-queries";

// POST/PUT/DELETE calls of the inbox. Each one refreshes every chat query once it has answered.

const path = (id: string, action: string) => `/chat/conversations/${encodeURIComponent(id)}/${action}`;

export async function sendReply(id: string, text: string): Promise<ChatMessage> {
  return (await staffApi().post<ChatMessage>(path(id, "messages"), { body: { text } })).payload;
}
export async function sendEmailReply(id: string, text: string): Promise<ChatMessage> {
  return (await staffApi().post<ChatMessage>(path(id, "email-reply"), { body: { text } })).payload;
}
export async function assignToMe(id: string): Promise<ChatConversationSummary> {
  return (await staffApi().post<ChatConversationSummary>(path(id, "assign"), { body: {} })).payload;
}
export async function closeConversation(id: string): Promise<ChatConversationSummary> {
  return (await staffApi().post<ChatConversationSummary>(path(id, "close"), { body: {} })).payload;
}
export async function reopenConversation(id: string): Promise<ChatConversationSummary> {
  return (await staffApi().post<ChatConversationSummary>(path(id, "reopen"), { body: {} })).payload;
}
export async function markConversationRead(id: string): Promise<void> {
  await staffApi().post(path(id, "read"), { body: {} });
}
export async function saveCannedReply(input: CannedReplyBody & { id?: string }): Promise<CannedReply> {
  const body = { title: input.title, body: input.body };
  if (input.id)
    return (await staffApi().put<CannedReply>(`/chat/canned-replies/${encodeURIComponent(input.id)}`, { body }))
      .payload;
  return (await staffApi().post<CannedReply>("/chat/canned-replies", { body })).payload;
}
export async function deleteCannedReply(id: string): Promise<void> {
  await staffApi().delete(`/chat/canned-replies/${encodeURIComponent(id)}`);
}

/** A mutation that refreshes the inbox, the conversation and the canned replies when it settles. */
export function useChatMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: CHAT_KEY }) });
}
