import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useRealtime, useRealtimeEvent } from "../features/realtime/realtime-provider";
import { applyBalanceEventToCache, refetchWallets } from "../features/wallet/balance-events";
import { useAuth } from "../lib/use-auth";

/**
 * Wallets' realtime wiring: balance events update the cached list in place, and every
 * connection refetches it. Events reach a socket only once it has joined the player's room, and
 * they are not replayed: whatever moved while the socket was down, or between the page's own
 * wallet fetch and the first connection (a win or deposit landing during page load), is only
 * seen by fetching again.
 */
export function RealtimeWalletBridge() {
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  const { state } = useRealtime();
  useRealtimeEvent("user_balance_updated", (event) => applyBalanceEventToCache(queryClient, userId, event));
  useEffect(() => {
    if (state === "connected") void refetchWallets(queryClient);
  }, [state, queryClient]);
  return null;
}
