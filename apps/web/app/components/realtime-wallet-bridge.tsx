import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useRealtime, useRealtimeEvent } from "../features/realtime/realtime-provider";
import { applyBalanceEventToCache, refetchWallets } from "../features/wallet/balance-events";
import { useAuth } from "../lib/use-auth";

/** Wallets' realtime wiring: balance events update the cached list in place; a reconnect refetches it. */
export function RealtimeWalletBridge() {
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  const { client } = useRealtime();
  useRealtimeEvent("user_balance_updated", (event) => applyBalanceEventToCache(queryClient, userId, event));
  useEffect(() => client?.onReconnect(() => void refetchWallets(queryClient)), [client, queryClient]);
  return null;
}
