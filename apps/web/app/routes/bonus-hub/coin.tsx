import { useQueryClient } from "@tanstack/react-query";
import { data } from "react-router";
import type { Route } from "./+types/coin";
import { EmptyState } from "../../components/empty-state";
import { ModalLink } from "../../components/modal-link";
import { refetchBonuses } from "../../features/bonuses/bonuses-api";
import { resolveFeatureFlags } from "../../features/feature-flags/resolve-feature-flags.server";
import { CoinPageView } from "../../features/loyalty/coin-page-view";
import { refetchWallets } from "../../features/wallet/balance-events";
import { apiContext, authContext } from "../../lib/router-context";
import { useAuth } from "../../lib/use-auth";

// The coin page exists only while the coin feature is on.
export async function loader({ context }: Route.LoaderArgs) {
  const flags = await resolveFeatureFlags(context.get(apiContext), context.get(authContext).userId);
  if (!flags["caswino-coin"]) throw data(null, { status: 404 });
  return null;
}

export function meta() {
  return [{ title: "Coins · Bonus hub · Croupier" }];
}

export default function Coin() {
  const { authenticated } = useAuth();
  const queryClient = useQueryClient();
  if (!authenticated)
    return (
      <EmptyState icon="coin" title="Mine coins while you play" action={<ModalLink modal="login" className="btn-primary">Log in</ModalLink>}>
        Coins are earned through play and can be exchanged for bonuses. Log in to see your balance.
      </EmptyState>
    );
  // A purchase grants a bonus (which may activate at once and move wallet money).
  return (
    <CoinPageView
      onExchanged={() => {
        void refetchBonuses(queryClient);
        void refetchWallets(queryClient);
      }}
    />
  );
}
