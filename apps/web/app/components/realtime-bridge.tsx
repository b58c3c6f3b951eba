import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Currency } from "@croupier/contract/entities/currency";
import { refetchDashboard } from "../features/account-dashboard/dashboard-api";
import { handleBonusStatusChanged } from "../features/bonuses/bonus-events";
import { applyDocumentStatusEvent } from "../features/documents/document-events";
import { handleCustomerStatus, handleSessionClosed } from "../features/identity/identity-events";
import { profileKey } from "../features/identity/profile";
import { handleLoyaltyEvent } from "../features/loyalty/loyalty-events";
import { handleNotificationCreated, refetchNotifications } from "../features/notifications/notification-events";
import { useRealtime, useRealtimeHandlers } from "../features/realtime/realtime-provider";
import { applyBalanceEventToCache, DEPOSIT_OPERATION, refetchWallets } from "../features/wallet/balance-events";
import { currenciesKey } from "../features/wallet/wallet-keys";
import { announceDepositSettled } from "../lib/deposit-settled";
import { announceTrackingEvent } from "../lib/tracking-events";
import { useAuth } from "../lib/use-auth";
import { useSegmentAddedHandler } from "./segment-refetch";

/**
 * Every realtime event of the contract, wired to the feature that handles it (or ignored on
 * purpose). Wallets: balance events update the cached list in place, and every connection
 * refetches it. Events reach a socket only once it has joined the player's room, and they are not
 * replayed: whatever moved while the socket was down, or between the page's own wallet fetch and
 * the first connection (a win or deposit landing during page load), is only seen by fetching again.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  const { state } = useRealtime();
  const onSegmentAdded = useSegmentAddedHandler(queryClient, userId);
  useRealtimeHandlers({
    user_balance_updated: (event) => {
      applyBalanceEventToCache(queryClient, userId, event);
      // The first-deposit bridge listens; the deposit page announces the same when it sees its payment succeed.
      if (event.operation_type === DEPOSIT_OPERATION) {
        announceDepositSettled();
        // The pixel's Purchase (sent only with marketing consent; ADR 027).
        const currency = queryClient.getQueryData<Currency[]>(currenciesKey)?.find((c) => c.guid === event.currency_guid);
        announceTrackingEvent({ name: "Purchase", value: event.operation_amount, currency: currency?.code ?? null });
      }
      // An open dashboard sums the ledger again after a payment (not after every bet of a session).
      if (event.operation_type === DEPOSIT_OPERATION || event.operation_type.includes("withdrawal"))
        void refetchDashboard(queryClient);
    },
    session_closed: (event) => handleSessionClosed(event.session_id, event.reason),
    customer_status_changed: (event) => void handleCustomerStatus(event.status),
    // The payment pages fetch their payments themselves; the money it moves arrives as user_balance_updated.
    payment_status_changed: "ignored",
    // For the bonus engine; the player's deposit notice comes from user_balance_updated (psp_deposit).
    deposit_settled: "ignored",
    // A new segment (ADR 033): after 1 s, the profile and payment methods, then the bonuses.
    customer_segment_added: () => onSegmentAdded(),
    // The live-chat widget (features/live-chat) subscribes to its own events while it is mounted.
    chat_message: "ignored",
    chat_typing: "ignored",
    // The header badge and the notification page (features/notifications).
    notification_created: (event) => handleNotificationCreated(queryClient, userId, event),
    // A KYC decision: the verification page's list, and the profile's is_verified (withdrawals wait for it).
    document_status_changed: (event) => {
      applyDocumentStatusEvent(queryClient, userId, event);
      void queryClient.invalidateQueries({ queryKey: profileKey(userId) });
    },
    // The console's event; it never reaches a player's socket.
    chat_inbox_changed: "ignored",
    // Coins and loyalty (issue #18): the coin counter resyncs, the level card reads again.
    loyalty_level_changed: () => handleLoyaltyEvent(queryClient),
    coin_balance_updated: () => handleLoyaltyEvent(queryClient),
    // The bonus pages read again and the player hears what changed (issue #17); the engine's money
    // moves arrive as user_balance_updated too, but a status change (offered → active, spins
    // used) can leave balances as they were, so the wallets are read again as well.
    bonus_status_changed: (event) => {
      const currency = queryClient.getQueryData<Currency[]>(currenciesKey)?.find((c) => c.guid === event.currency_guid);
      handleBonusStatusChanged(queryClient, event, currency?.code ?? "");
      void refetchWallets(queryClient);
    },
  });
  useEffect(() => {
    if (state !== "connected") return;
    void refetchWallets(queryClient);
    // Notifications written while no socket was joined are not replayed either: the badge asks again.
    void refetchNotifications(queryClient);
  }, [state, queryClient]);
  return null;
}
