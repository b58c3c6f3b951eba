import { BACKOFFICE_SOCKET_NAMESPACE, type ChatTypingEvent } from "@croupier/contract/backoffice/live-chat";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Socket } from "socket.io-client";
import { staffToken } from "../../lib/staff-session";
import { CHAT_KEY } from "./chat-queries";

/** How long "typing…" shows after a player's last typing signal. */
export const TYPING_SHOWN_MS = 4_000;
/** The staff member's own typing signal goes out at most this often. */
const TYPING_SEND_INTERVAL_MS = 2_500;

export type StaffChatSocket = {
  connected: boolean;
  /** Conversations whose player typed within TYPING_SHOWN_MS. */
  typing: ReadonlySet<string>;
  /** Tells the player (not stored) that this staff member is typing in the conversation. */
  sendTyping: (conversationId: string) => void;
};

/**
 * The inbox's realtime link: Socket.IO namespace /backoffice with the staff token. chat_inbox_changed
 * refetches every chat query; chat_typing marks the player's conversation as typing. Connected, a staff
 * member who may answer counts as "online" for the players' widget. socket.io-client loads with this page only.
 */
export function useStaffChatSocket(): StaffChatSocket {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  const socketRef = useRef<Socket | null>(null);
  const lastSent = useRef(new Map<string, number>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    let cancelled = false;
    let socket: Socket | null = null;
    void import("socket.io-client").then(({ io }) => {
      if (cancelled) return;
      socket = io(BACKOFFICE_SOCKET_NAMESPACE, {
        path: "/socket.io",
        // A fresh token on every (re)connection attempt: the session may have been renewed meanwhile.
        auth: (callback) => callback({ token: staffToken() ?? "" }),
        reconnectionDelayMax: 20_000,
      });
      socketRef.current = socket;
      socket.on("connect", () => {
        setConnected(true);
        // Whatever changed while disconnected.
        void queryClient.invalidateQueries({ queryKey: CHAT_KEY });
      });
      socket.on("disconnect", () => setConnected(false));
      socket.on("connect_error", () => setConnected(false));
      socket.on("chat_inbox_changed", () => void queryClient.invalidateQueries({ queryKey: CHAT_KEY }));
      socket.on("chat_typing", (event: ChatTypingEvent) => {
        if (event.side !== "player") return;
        const id = event.conversation_id;
        setTyping((current) => new Set(current).add(id));
        clearTimeout(timers.current.get(id));
        timers.current.set(
          id,
          setTimeout(() => {
            timers.current.delete(id);
            setTyping((current) => {
              const next = new Set(current);
              next.delete(id);
              return next;
            });
          }, TYPING_SHOWN_MS),
        );
      });
    });
    const pending = timers.current;
    return () => {
      cancelled = true;
      socket?.disconnect();
      socketRef.current = null;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, [queryClient]);

  const sendTyping = useCallback((conversationId: string) => {
    const now = Date.now();
    if (now - (lastSent.current.get(conversationId) ?? 0) < TYPING_SEND_INTERVAL_MS) return;
    lastSent.current.set(conversationId, now);
    socketRef.current?.emit("chat_typing", { conversation_id: conversationId });
  }, []);

  return { connected, typing, sendTyping };
}
