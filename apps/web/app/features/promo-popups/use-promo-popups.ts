import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useLocation } from "react-router";
import { useApi } from "../../lib/browser-api";
import type { PromoPopupsConfig } from "./promo-popups-config";
import { useDepositPromo } from "./use-deposit-promo";
import { useRegisterPromo } from "./use-register-promo";
import { loadWelcomeOffers, pickWelcomeOffer, type PromoKind } from "./welcome-offer-api";

type PromoPopupsInput = {
  config: PromoPopupsConfig;
  authenticated: boolean;
  userId: string | null;
  /** The app's "has this player a successful deposit" check (composed in from the payments feature). */
  hasDeposit: () => Promise<boolean>;
};

/** Which promo pop-up is open now (visitors: register, players: deposit; never both) and how to close it. */
export function usePromoPopups({ config, authenticated, userId, hasDeposit }: PromoPopupsInput): { kind: PromoKind | null; close: () => void } {
  const location = useLocation();
  const page = useMemo(() => ({ pathname: location.pathname, search: location.search }), [location.pathname, location.search]);
  const queryClient = useQueryClient();
  const api = useApi();
  const hasOffer = useCallback(
    async () => pickWelcomeOffer("deposit", await loadWelcomeOffers(queryClient, api, userId)) !== null,
    [queryClient, api, userId],
  );
  const register = useRegisterPromo({ settings: config.register, authenticated, page });
  const deposit = useDepositPromo({ settings: config.deposit, authenticated, userId, page, hasDeposit, hasOffer });
  if (register.open) return { kind: "register", close: register.close };
  if (deposit.open) return { kind: "deposit", close: deposit.close };
  return { kind: null, close: noop };
}

function noop() {}
