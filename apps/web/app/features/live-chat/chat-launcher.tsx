import type { PlayerChatView } from "@croupier/contract/entities/live-chat";
import type { RealtimeClient, RealtimeState } from "@croupier/contract/realtime-client";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { Icon } from "../../components/icons";
import { useAuth } from "../../lib/use-auth";
import { useApi } from "../../lib/browser-api";
import {
  applyChatEvent,
  chatKey,
  claimVisitorConversation,
  rememberVisitorConversation,
  useChat,
  visitorConversation,
} from "./chat-api";

const ChatPanel = lazy(() => import("./chat-panel"));

/** Visitors have no socket: while their panel is open the conversation is polled. */
const VISITOR_POLL_MS = 5_000;
/** A player whose socket is down polls too, more slowly. */
const DISCONNECTED_POLL_MS = 15_000;
/** How long a typing signal shows "typing…" unless another one comes. */
export const TYPING_SHOWN_MS = 4_000;

/**
 * The live-chat button in the corner of every page, with the unread badge. The player's realtime
 * connection comes from the shell (components/live-chat-mount.tsx: features do not import each other). The panel (a dialog) is
 * a lazy chunk loaded at the first click. Players get messages and typing live over their socket;
 * visitors (no socket) poll while the panel is open.
 */
export function ChatLauncher({ client, state }: { client: RealtimeClient | null; state: RealtimeState }) {
  const { authenticated, userId } = useAuth();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [staffTypingAt, setStaffTypingAt] = useState<number | null>(null);
  // Nothing is fetched during SSR or hydration; the badge appears once the page is interactive.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const player = authenticated && userId ? userId : null;
  const api = useApi();
  const wanted = mounted && (open || player !== null || visitorConversation() !== null);
  const live = player !== null && state === "connected";
  const chat = useChat(player, {
    enabled: wanted,
    pollMs: open ? (live ? false : player ? DISCONNECTED_POLL_MS : VISITOR_POLL_MS) : false,
  });

  // A visitor who chatted and then logged in keeps the conversation.
  useEffect(() => {
    const started = player ? visitorConversation() : null;
    if (!player || !started) return;
    rememberVisitorConversation(null);
    claimVisitorConversation(api, started)
      .then((claimed) => {
        if (claimed) void queryClient.invalidateQueries({ queryKey: chatKey(player) });
      })
      .catch(() => {
        // The old conversation stays with the staff; the player can simply write again.
      });
  }, [player, api, queryClient]);

  useEffect(() => {
    if (!client || !player) return;
    const offMessage = client.on("chat_message", (event) => {
      applyChatEvent(queryClient, player, event);
      if (event.message.author === "staff") setStaffTypingAt(null);
    });
    const offTyping = client.on("chat_typing", (event) => {
      if (event.side === "staff") setStaffTypingAt(Date.now());
    });
    // Whatever was said while the socket was down is fetched again.
    const offReconnect = client.onReconnect(() => void queryClient.invalidateQueries({ queryKey: chatKey(player) }));
    return () => {
      offMessage();
      offTyping();
      offReconnect();
    };
  }, [client, player, queryClient]);

  useEffect(() => {
    if (staffTypingAt === null) return;
    const timer = window.setTimeout(() => setStaffTypingAt(null), TYPING_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [staffTypingAt]);

  const unread = open ? 0 : (chat.data?.conversation?.unread ?? 0);
  const label = unread > 0 ? `Live chat, ${unread} unread ${unread === 1 ? "message" : "messages"}` : "Live chat";

  return (
    <>
      <button
        type="button"
        data-testid="chat-launcher"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="fixed right-4 bottom-4 z-base grid size-14 place-items-center rounded-full bg-gold-400 text-ink-950 shadow-xl transition hover:bg-gold-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <Icon name="support" aria-hidden="true" className="size-7" />
        {unread > 0 ? (
          <span
            data-testid="chat-unread"
            aria-hidden="true"
            className="absolute -top-1 -right-1 grid min-w-6 place-items-center rounded-full bg-ruby-600 px-1.5 text-xs leading-6 font-bold text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ChatPanel
            userId={player}
            view={chat.data as PlayerChatView | undefined}
            loading={chat.isPending}
            failed={chat.isError}
            retry={() => void chat.refetch()}
            staffTyping={staffTypingAt !== null}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
