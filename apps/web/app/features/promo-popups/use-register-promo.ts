import { useCallback, useEffect, useRef, useState } from "react";
import { registerPromoBlocked, type PageState } from "./promo-conditions";
import { markRegisterPromoShown, registerPromoShownToday } from "./promo-popup-storage";
import type { PromoPopupSettings } from "./promo-popups-config";

type RegisterPromoInput = { settings: PromoPopupSettings; authenticated: boolean; page: PageState };

/**
 * The register promo (seed: flow_1): a visitor sees it once a day, `timeout` ms after the page started
 * (or after logging out). When the delay ends while it cannot show (a ?modal= dialog such as
 * modal=register, another dialog open, a game), the delay starts over. Showing it sets the 24-hour
 * cookie, so neither a reload nor another tab shows it again that day.
 */
export function useRegisterPromo({ settings, authenticated, page }: RegisterPromoInput) {
  const [open, setOpen] = useState(false);
  // The timer reads the page as it is when it fires; a navigation must not restart the delay.
  const pageRef = useRef(page);
  useEffect(() => {
    pageRef.current = page;
  }, [page]);

  const { is_enabled: enabled, timeout } = settings;
  useEffect(() => {
    if (!enabled || authenticated) {
      setOpen(false);
      return;
    }
    if (registerPromoShownToday(document)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fire = () => {
      // Another tab may have shown it meanwhile.
      if (registerPromoShownToday(document)) return;
      if (registerPromoBlocked(pageRef.current, document)) {
        timer = setTimeout(fire, timeout);
        return;
      }
      markRegisterPromoShown(document, window.location.protocol === "https:");
      setOpen(true);
    };
    timer = setTimeout(fire, timeout);
    return () => clearTimeout(timer);
  }, [enabled, timeout, authenticated]);

  const close = useCallback(() => setOpen(false), []);
  return { open: open && enabled && !authenticated, close };
}
