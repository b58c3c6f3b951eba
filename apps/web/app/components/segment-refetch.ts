import type { QueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { bonusesRootKey } from "../features/bonuses/bonuses-api";
import { profileKey } from "../features/identity/profile";

/** Seed 000: a segment event refetches after a 1 s debounce (several segments added at once are one refetch). */
export const SEGMENT_EVENT_DEBOUNCE_MS = 1000;

/** Every cached payment-methods query (features/payments keys them ["payments", "methods", user, query]). */
const paymentMethodsRootKey = ["payments", "methods"] as const;

/**
 * customer_segment_added (ADR 033): after the debounce, the profile (its segments and
 * billing_segments) and the payment methods are fetched again, and then the bonuses (the bonus
 * callback): a segment can change which methods and which offers the player gets. The methods are
 * invalidated whatever the profile says, since the server resolves code-named billing segments itself.
 */
export function useSegmentAddedHandler(queryClient: QueryClient, userId: string | null): () => void {
  const debounced = useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      timer = undefined;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKey(userId) }),
        queryClient.invalidateQueries({ queryKey: paymentMethodsRootKey }),
      ]);
      await queryClient.invalidateQueries({ queryKey: bonusesRootKey });
    };
    return {
      fire: () => {
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => void run(), SEGMENT_EVENT_DEBOUNCE_MS);
      },
      cancel: () => {
        if (timer) clearTimeout(timer);
        timer = undefined;
      },
    };
  }, [queryClient, userId]);
  useEffect(() => debounced.cancel, [debounced]);
  return debounced.fire;
}
