import type { ChatMessage } from "@croupier/contract/entities/live-chat";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { EmptyState, ErrorState, LoadingBlock } from "../../components/states";
import { cx } from "../../lib/cx";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import {
  assignToMe,
  closeConversation,
  markConversationRead,
  reopenConversation,
  sendEmailReply,
  sendReply,
  useChatMutation,
} from "./chat-mutations";
import { useCannedReplies, useConversation } from "./chat-queries";
import { formatChatTime } from "./format-chat";

/** The contract's CHAT_MESSAGE_MAX_LENGTH. */
const TEXT_MAX = 2_000;

export type ConversationViewProps = {
  id: string | null;
  staffId: string;
  canReply: boolean;
  playerTyping: boolean;
  onTyping: (conversationId: string) => void;
};

const failed = (error: unknown) => {
  if (!isHandled(error)) toast.error(errorMessageOf(error));
};

/** One conversation: who, the player's page link, assignment and status actions, the messages and the composer. */
export function ConversationView({ id, staffId, canReply, playerTyping, onTyping }: ConversationViewProps) {
  const detail = useConversation(id);
  const read = useChatMutation(markConversationRead);
  const assign = useChatMutation(assignToMe);
  const close = useChatMutation(closeConversation);
  const reopen = useChatMutation(reopenConversation);
  const logRef = useRef<HTMLDivElement>(null);

  const conversation = detail.data?.conversation;
  const unread = conversation?.unread ?? 0;
  const readMutate = read.mutate;
  // Looking at a conversation reads it for the team (the inbox's unread counts drop for everyone), but
  // only for someone who can answer: a compliance officer's glance must not hide a waiting player.
  useEffect(() => {
    if (id && canReply && unread > 0) readMutate(id);
  }, [id, canReply, unread, readMutate]);

  const messageCount = detail.data?.messages.length ?? 0;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messageCount, playerTyping]);

  if (!id) return <EmptyState title="Choose a conversation">Its messages and the composer show here.</EmptyState>;
  if (detail.isPending) return <LoadingBlock lines={8} label="Loading the conversation" />;
  if (detail.isError || !conversation) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;

  const open = conversation.status === "open";
  const mine = conversation.assigned_staff_id === staffId;

  return (
    <section
      aria-label={`Conversation with ${conversation.label}`}
      className="flex min-h-0 flex-col"
      data-testid="chat-conversation"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 pb-3">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900">{conversation.label}</h2>
          <p className="text-xs text-slate-500">
            {open ? "Open" : "Closed"} ·{" "}
            {conversation.assigned_staff_name
              ? `Assigned to ${mine ? "you" : conversation.assigned_staff_name}`
              : "Unassigned"}
            {conversation.offline_email ? ` · Offline message, answer to ${conversation.offline_email}` : ""}
          </p>
          {conversation.player_id ? (
            <Link
              to={`/players/${conversation.player_id}`}
              className="text-sm font-medium text-indigo-700 hover:underline"
              data-testid="chat-player-link"
            >
              Open the player's page
            </Link>
          ) : (
            <p className="text-xs text-slate-500">A visitor (not logged in)</p>
          )}
        </div>
        {canReply ? (
          <div className="flex flex-wrap gap-2">
            {open && !mine ? (
              <Button
                variant="secondary"
                busy={assign.isPending}
                onClick={() => assign.mutate(conversation.id, { onError: failed })}
              >
                Assign to me
              </Button>
            ) : null}
            {open ? (
              <Button
                variant="secondary"
                busy={close.isPending}
                onClick={() =>
                  close.mutate(conversation.id, {
                    onError: failed,
                    onSuccess: () => toast.success("Conversation closed."),
                  })
                }
              >
                Close
              </Button>
            ) : (
              <Button
                variant="secondary"
                busy={reopen.isPending}
                onClick={() => reopen.mutate(conversation.id, { onError: failed })}
              >
                Reopen
              </Button>
            )}
          </div>
        ) : null}
      </header>

      <div
        ref={logRef}
        role="log"
        aria-label="Messages"
        aria-live="polite"
        className="min-h-0 flex-1 space-y-3 overflow-y-auto py-3"
      >
        {detail.data.messages.map((message) => (
          <MessageRow key={message.id} message={message} />
        ))}
        {playerTyping && open ? (
          <p className="text-sm text-slate-500 italic" data-testid="chat-player-typing">
            The player is typing…
          </p>
        ) : null}
      </div>

      {canReply ? (
        <Composer
          key={conversation.id}
          conversationId={conversation.id}
          open={open}
          canEmail={Boolean(conversation.offline_email || conversation.player_id)}
          onTyping={onTyping}
        />
      ) : (
        <p className="border-t border-slate-200 pt-3 text-sm text-slate-500">
          Your role can read chats but not answer them.
        </p>
      )}
    </section>
  );
}

function MessageRow({ message }: { message: ChatMessage }) {
  if (message.author === "system") return <p className="text-center text-xs text-slate-500">{message.text}</p>;
  const staff = message.author === "staff";
  return (
    <div
      className={cx("flex flex-col", staff ? "items-end" : "items-start")}
      data-testid="chat-message"
      data-author={message.author}
    >
      <div
        className={cx(
          "max-w-[80%] rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap",
          staff ? "bg-indigo-600 text-white" : "bg-slate-100 text-slate-900",
        )}
      >
        {message.text}
      </div>
      <span className="mt-0.5 text-xs text-slate-400">
        {staff ? (message.staff_name ?? "Staff") : "Player"} · {formatChatTime(message.created_at)}
        {message.channel === "email" ? " · by email" : ""}
      </span>
    </div>
  );
}

function Composer({
  conversationId,
  open,
  canEmail,
  onTyping,
}: {
  conversationId: string;
  open: boolean;
  canEmail: boolean;
  onTyping: (id: string) => void;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const canned = useCannedReplies();
  const reply = useChatMutation((body: string) => sendReply(conversationId, body));
  const email = useChatMutation((body: string) => sendEmailReply(conversationId, body));
  const textId = useId();
  const cannedId = useId();

  const submit = (channel: "chat" | "email") => {
    const body = text.trim();
    if (!body) return setError("Write a message.");
    if (body.length > TEXT_MAX) return setError(`At most ${TEXT_MAX} characters.`);
    const mutation = channel === "chat" ? reply : email;
    mutation.mutate(body, {
      onSuccess: () => {
        setText("");
        setError(undefined);
        if (channel === "email") toast.success("Answer sent by email.");
      },
      onError: (failure) => {
        const fields = fieldErrorsOf(failure);
        if (fields.text) setError(fields.text);
        else failed(failure);
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing && open) {
      event.preventDefault();
      submit("chat");
    }
  };

  return (
    <div className="space-y-2 border-t border-slate-200 pt-3">
      <div className="flex flex-wrap items-end gap-2">
        <label htmlFor={cannedId} className="text-xs font-medium text-slate-600">
          Canned reply
        </label>
        <select
          id={cannedId}
          value=""
          disabled={!canned.data?.length}
          onChange={(event) => {
            const chosen = canned.data?.find((item) => item.id === event.target.value);
            if (chosen) setText((current) => (current.trim() ? `${current.trimEnd()}\n${chosen.body}` : chosen.body));
          }}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
        >
          <option value="">{canned.isPending ? "Loading…" : canned.data?.length ? "Insert…" : "None yet"}</option>
          {canned.data?.map((item) => (
            <option key={item.id} value={item.id}>
              {item.title}
            </option>
          ))}
        </select>
      </div>
      <label htmlFor={textId} className="sr-only">
        Your answer
      </label>
      <textarea
        id={textId}
        rows={3}
        maxLength={TEXT_MAX}
        value={text}
        placeholder={
          open
            ? "Write an answer (Enter sends, Shift+Enter for a new line)"
            : "Reopen the conversation to answer in the chat, or answer by email."
        }
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
          if (open && event.target.value.trim()) onTyping(conversationId);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${textId}-error` : undefined}
        className="block w-full resize-y rounded-md border border-slate-300 px-2.5 py-1.5 text-sm aria-[invalid=true]:border-red-500"
      />
      {error ? (
        <p id={`${textId}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {canEmail ? (
          <Button variant="secondary" busy={email.isPending} onClick={() => submit("email")}>
            Send by email
          </Button>
        ) : null}
        <Button busy={reply.isPending} disabled={!open} onClick={() => submit("chat")}>
          Send
        </Button>
      </div>
    </div>
  );
}
