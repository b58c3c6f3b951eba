import { data } from "react-router";
import type { Route } from "./+types/game-history";
import { PageHeader } from "../../components/page-header";
import { resolveFeatureFlags } from "../../features/feature-flags/resolve-feature-flags.server";
import { GameHistoryView } from "../../features/game-history/game-history-view";
import { apiContext, authContext } from "../../lib/router-context";

// The round history exists only while the history-of-rounds feature is on.
export async function loader({ context }: Route.LoaderArgs) {
  const flags = await resolveFeatureFlags(context.get(apiContext), context.get(authContext).userId);
  if (!flags["history-of-rounds"]) throw data(null, { status: 404 });
  return null;
}

export function meta() {
  return [{ title: "Game history · My account · Croupier" }];
}

export default function AccountGameHistory() {
  return (
    <>
      <PageHeader
        title="Game history"
        description="Your rounds: stake, win and balance before and after. Verify recomputes a round's outcome from its seeds."
      />
      <GameHistoryView />
    </>
  );
}
