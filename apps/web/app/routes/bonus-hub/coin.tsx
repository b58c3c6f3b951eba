import { data } from "react-router";
import type { Route } from "./+types/coin";
import { EmptyState } from "../../components/empty-state";
import { resolveFeatureFlags } from "../../features/feature-flags/resolve-feature-flags.server";
import { apiContext, authContext } from "../../lib/router-context";

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
  return (
    <EmptyState icon="coin" title="No coins yet">
      Coins are earned through play and can be exchanged for bonuses; your balance appears here.
    </EmptyState>
  );
}
