import type { ChatMessage, PlayerChatView } from "@croupier/contract/entities/live-chat";
import { ResponseError } from "@croupier/contract/api-client";
import { useQueryClient } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Icon } from "../../components/icons";
import { useApi } from "../../lib/browser-api";
import { toastError } from "../../lib/toasts";
import {
  CHAT_TEXT_MAX,
  chatKey,
  markChatRead,
  sendChatMessage,
  sendTyping,
  rememberVisitorConversation,
  withMessage,
} from "./chat-api";

/** The player's typing signal goes out at most this often. */
const TYPING_SEND_INTERVAL_MS = 3_000;

export type ChatPanelProps = {
  userId: string | null;
  view: PlayerChatView | undefined;
  loading: boolean;
  failed: boolean;
  retry: () => void;
  staffTyping: boolean;
  onClose: () => void;
};

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/**
 * The chat itself, a Radix dialog (focus trap, Escape, labelled): the history, who is typing, the
 * composer, and when nobody is online the offline form that also takes an email address.
 */
export default function ChatPanel({ userId, view, loading, failed, retry, staffTyping, onClose }: ChatPanelProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<{ text?: string; email?: string }>({});
  const [sending, setSending] = useState(false);
  const lastTypingSent = useRef(0);
  const logRef = useRef<HTMLDivElement>(null);
  const textId = useId();
  const emailId = useId();

  const online = view?.staff_online ?? true;
  const messages = view?.messages ?? [];
  const unread = view?.conversation?.unread ?? 0;

  // Prefill the offline form with the player's own address once it is known.
  useEffect(() => {
    if (view?.email) setEmail((current) => current || view.email!);
  }, [view?.email]);

  // Opening the panel (or a message arriving while it is open) reads everything.
  useEffect(() => {
    if (unread === 0) return;
    queryClient.setQueryData<PlayerChatView>(chatKey(userId), (current) =>
      current?.conversation ? { ...current, conversation: { ...current.conversation, unread: 0 } } : current,
    );
    markChatRead(api).catch(() => {
      // The badge comes back on the next fetch; nothing the player needs to act on.
    });
  }, [unread, api, queryClient, userId]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, staffTyping]);

  const onTextChange = (value: string) => {
    setText(value);
    if (errors.text) setErrors((current) => ({ ...current, text: undefined }));
    const now = Date.now();
    if (
      online &&
      view?.conversation?.status === "open" &&
      value.trim() &&
      now - lastTypingSent.current > TYPING_SEND_INTERVAL_MS
    ) {
      lastTypingSent.current = now;
      sendTyping(api).catch(() => {
        // Typing is a courtesy; a lost signal is not worth a message.
      });
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = text.trim();
    const problems: { text?: string; email?: string } = {};
    if (!trimmed) problems.text = "Write a message.";
    else if (trimmed.length > CHAT_TEXT_MAX) problems.text = `At most ${CHAT_TEXT_MAX} characters.`;
    if (!online && !/^\S+@\S+\.\S+$/.test(email.trim()))
      problems.email = "Leave an email address so we can answer you.";
    setErrors(problems);
    if (problems.text || problems.email || sending) return;
    setSending(true);
    try {
      const sent = await sendChatMessage(api, { text: trimmed, ...(online ? {} : { email: email.trim() }) });
      setText("");
      if (!userId) rememberVisitorConversation(sent.conversation_id);
      queryClient.setQueryData<PlayerChatView>(chatKey(userId), (current) =>
        withMessage(
          current ?? { conversation: null, messages: [], staff_online: sent.staff_online, email: null },
          sent.conversation_id,
          sent.message,
        ),
      );
      if (sent.staff_online !== online) void queryClient.invalidateQueries({ queryKey: chatKey(userId) });
    } catch (error) {
      if (error instanceof ResponseError && error.fields.length > 0) {
        const fieldErrors: { text?: string; email?: string } = {};
        for (const field of error.fields) {
          if (field.field === "body.text") fieldErrors.text = field.message;
          if (field.field === "body.email") fieldErrors.email = field.message;
        }
        setErrors(fieldErrors);
        // The server saw nobody online although we thought someone was: show the offline form.
        if (fieldErrors.email) void queryClient.invalidateQueries({ queryKey: chatKey(userId) });
      } else if (!(error instanceof ResponseError && error.handled)) {
        toastError(
          error instanceof ResponseError
            ? error.message
            : "Your message could not be sent. Check your connection and try again.",
        );
      }
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-overlay bg-ink-950/40" />
        <Dialog.Content
          data-testid="chat-panel"
          className="fixed right-2 bottom-2 z-modal flex h-[min(600px,calc(100dvh-1rem))] w-[min(400px,calc(100vw-1rem))] flex-col rounded-2xl border border-ink-600 bg-ink-850 shadow-2xl focus:outline-none"
        >
          <header className="flex items-start gap-3 border-b border-ink-700 p-4">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-bold text-white">Live chat</Dialog.Title>
              <Dialog.Description
                className="mt-0.5 flex items-center gap-2 text-sm text-mist-400"
                data-testid="chat-status"
              >
                <span
                  aria-hidden="true"
                  className={`mt-1.5 size-2 shrink-0 self-start rounded-full ${online ? "bg-felt-400" : "bg-mist-400"}`}
                />
                {online
                  ? "Support is online"
                  : "No one is online right now. Leave a message and your email: we will answer by email."}
              </Dialog.Description>
            </div>
            <Dialog.Close
              className="grid size-9 place-items-center rounded-lg text-mist-400 hover:bg-ink-700 hover:text-white"
              aria-label="Close chat"
            >
              <Icon name="close" aria-hidden="true" />
            </Dialog.Close>
          </header>

          <div
            ref={logRef}
            role="log"
            aria-label="Messages"
            aria-live="polite"
            className="flex-1 space-y-3 overflow-y-auto p-4"
          >
            {loading && !view ? (
              <div aria-busy="true" aria-label="Loading messages" className="space-y-3">
                {[0, 1, 2].map((i) => (
                  <div
                    key={i}
                    className={`h-10 animate-pulse rounded-xl bg-ink-700 ${i % 2 ? "ml-auto w-2/3" : "w-3/4"}`}
                  />
                ))}
              </div>
            ) : failed && !view ? (
              <div className="grid h-full place-items-center text-center text-sm text-mist-300">
                <div>
                  <p>The chat could not be loaded.</p>
                  <button
                    type="button"
                    onClick={retry}
                    className="mt-3 rounded-lg border border-ink-500 px-3 py-1.5 font-semibold text-white hover:bg-ink-700"
                  >
                    Try again
                  </button>
                </div>
              </div>
            ) : messages.length === 0 ? (
              <p className="grid h-full place-items-center text-center text-sm text-mist-400">
                Ask us anything: payments, bonuses, your account. A person will answer.
              </p>
            ) : (
              messages.map((message) => <MessageBubble key={message.id} message={message} />)
            )}
            {staffTyping ? (
              <p data-testid="chat-staff-typing" className="text-sm text-mist-400 italic">
                Support is typing…
              </p>
            ) : null}
          </div>

          <form onSubmit={(event) => void submit(event)} noValidate className="space-y-2 border-t border-ink-700 p-3">
            {!online ? (
              <div>
                <label htmlFor={emailId} className="text-xs font-semibold text-mist-300">
                  Your email
                </label>
                <input
                  id={emailId}
                  type="email"
                  autoComplete="email"
                  maxLength={254}
                  value={email}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    if (errors.email) setErrors((current) => ({ ...current, email: undefined }));
                  }}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? `${emailId}-error` : undefined}
                  className="mt-1 w-full rounded-lg border border-ink-600 bg-ink-900 px-3 py-2 text-sm text-white"
                />
                {errors.email ? (
                  <p id={`${emailId}-error`} role="alert" className="mt-1 text-xs text-ruby-400">
                    {errors.email}
                  </p>
                ) : null}
              </div>
            ) : null}
            <label htmlFor={textId} className="sr-only">
              Message
            </label>
            <div className="flex items-end gap-2">
              <textarea
                id={textId}
                rows={2}
                maxLength={CHAT_TEXT_MAX}
                value={text}
                placeholder="Write a message…"
                onChange={(event) => onTextChange(event.target.value)}
                onKeyDown={onKeyDown}
                aria-invalid={errors.text ? true : undefined}
                aria-describedby={errors.text ? `${textId}-error` : undefined}
                className="max-h-32 min-h-11 flex-1 resize-none rounded-lg border border-ink-600 bg-ink-900 px-3 py-2 text-sm text-white"
              />
              <button
                type="submit"
                disabled={sending}
                className="rounded-lg bg-gold-400 px-4 py-2.5 text-sm font-bold text-ink-950 hover:bg-gold-300 disabled:opacity-60"
              >
                {sending ? "Sending…" : "Send"}
              </button>
            </div>
            {errors.text ? (
              <p id={`${textId}-error`} role="alert" className="text-xs text-ruby-400">
                {errors.text}
              </p>
            ) : null}
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MessageBubble({ message }: { message: ChatMessage }) {
  if (message.author === "system")
    return (
      <p className="text-center text-xs text-mist-400" data-testid="chat-message" data-author="system">
        {message.text}
      </p>
    );
  const mine = message.author === "player";
  const who = mine ? "You" : (message.staff_name ?? "Support");
  return (
    <div
      data-testid="chat-message"
      data-author={message.author}
      className={`flex flex-col ${mine ? "items-end" : "items-start"}`}
    >
      <div
        className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap ${mine ? "bg-gold-400 text-ink-950" : "bg-ink-700 text-mist-100"}`}
      >
        {message.text}
      </div>
      <span className="mt-0.5 text-[11px] text-mist-400">
        {who} · {timeOf(message.created_at)}
        {message.channel === "email" ? " · sent by email" : ""}
      </span>
    </div>
  );
}
