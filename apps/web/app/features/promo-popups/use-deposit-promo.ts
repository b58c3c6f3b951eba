import { useCallback, useEffect, useRef, useState } from "react";
import { onDepositSettled } from "../../lib/deposit-settled";
import { depositPromoBlocked, type PageState } from "./promo-conditions";
import { browserStorage, depositFound, markDepositFound } from "./promo-popup-storage";
import type { PromoPopupSettings } from "./promo-popups-config";

/** After the pop-up closes, its timer is re-enabled only this much later (seed: re-enabling guard). */
export const DEPOSIT_PROMO_REARM_GUARD_MS = 300;

type DepositPromoInput = {
  settings: PromoPopupSettings;
  authenticated: boolean;
  userId: string | null;
  page: PageState;
  /** Whether the player has a successful deposit (the payments history); rejects when it cannot tell. */
  hasDeposit: () => Promise<boolean>;
  /** Whether there is a welcome offer to show (the pop-up never shows without one). */
  hasOffer: () => Promise<boolean>;
  storage?: Pick<Storage, "getItem" | "setItem"> | null;
};

/**
 * The deposit promo (seed: FlowNotActivated): a logged-in player without a successful deposit sees it
 * every `timeout` ms, counted from login (or page start) and again from DEPOSIT_PROMO_REARM_GUARD_MS
 * after each close. It waits (the delay starts over) on the wallet's deposit and withdraw pages, with
 * modal=deposit and while another dialog is open. Before showing it asks whether a deposit exists:
 * once one is found (then or when a deposit settles) `isFirstDeposit` goes to local storage and the
 * promo stops for good. Logging out stops the timer and closes it.
 */
export function useDepositPromo({ settings, authenticated, userId, page, hasDeposit, hasOffer, storage = browserStorage() }: DepositPromoInput) {
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  const [stopped, setStopped] = useState(() => depositFound(storage));
  const latest = useRef({ page, hasDeposit, hasOffer, storage });
  useEffect(() => {
    latest.current = { page, hasDeposit, hasOffer, storage };
  }, [page, hasDeposit, hasOffer, storage]);

  const stop = useCallback(() => {
    markDepositFound(latest.current.storage);
    setStopped(true);
    setOpen(false);
  }, []);

  const { is_enabled: enabled, timeout } = settings;
  const active = enabled && authenticated && userId !== null && !stopped;

  useEffect(() => {
    if (!active) {
      setOpen(false);
      return;
    }
    if (depositFound(latest.current.storage)) {
      setStopped(true);
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      timer = setTimeout(() => void fire(), timeout);
    };
    const fire = async () => {
      const { page: current, hasDeposit: check, hasOffer: offer } = latest.current;
      if (depositPromoBlocked(current, document)) return arm();
      try {
        if (await check()) {
          if (!cancelled) stop();
          return;
        }
        if (cancelled) return;
        if (!(await offer())) return cancelled ? undefined : arm();
      } catch (error) {
        // Cannot tell (network, 5xx): no pop-up on a guess; try again next round.
        console.warn("deposit promo check failed", error);
        return cancelled ? undefined : arm();
      }
      if (cancelled) return;
      // The page may have changed while we asked.
      if (depositPromoBlocked(latest.current.page, document)) return arm();
      setOpen(true);
    };
    arm();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // `round` re-arms the timer after a close.
  }, [active, timeout, userId, round, stop]);

  // A deposit settling (realtime or the deposit page's poll) may be the first: check and stop.
  useEffect(() => {
    if (!active) return;
    return onDepositSettled("deposit-promo", () => {
      void latest.current.hasDeposit().then(
        (found) => found && stop(),
        () => undefined,
      );
    });
  }, [active, stop]);

  const guard = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(guard.current), []);
  const close = useCallback(() => {
    setOpen(false);
    clearTimeout(guard.current);
    guard.current = setTimeout(() => setRound((n) => n + 1), DEPOSIT_PROMO_REARM_GUARD_MS);
  }, []);

  return { open: open && active, close };
}
