import type { QueryClient } from "@tanstack/react-query";
import { loyaltyRootKey } from "./loyalty-keys";

/**
 * A coin accrual, exchange or adjustment, or a level change (issue #18): the coin counter resyncs
 * from the server and the level card reads again. The counter's animation between events is local.
 */
export function handleLoyaltyEvent(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: loyaltyRootKey });
}
