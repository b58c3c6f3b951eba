import { data, useNavigate } from "react-router";
import type { Route } from "./+types/game";
import { Icon } from "../components/icons";
import { LogoMark } from "../components/logo";
import { findGameByRoute, gameLookupQueryOptions, type GameSummary } from "../features/game/game-lookup";
import { GamePage } from "../features/game/game-page";
import { useProfile } from "../features/identity/profile";
import { RealityCheckDialog } from "../features/reality-check/reality-check-dialog";
import { HeaderWallet } from "../features/wallet/header-wallet";
import { getBrowserApi } from "../lib/browser-api";
import { previousPage } from "../lib/navigation-memory";
import { getBrowserQueryClient } from "../lib/query-client";
import { apiContext } from "../lib/router-context";
import { titleFromRouteName } from "../lib/route-name";
import { useAuth } from "../lib/use-auth";

function found(game: GameSummary | null): GameSummary {
  if (!game) throw data(null, { status: 404, statusText: "Page Not Found" });
  return game;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  return { game: found(await findGameByRoute(context.get(apiContext), params.provider_name, params.game_name)) };
}

// Client navigations (the lobby's game tiles) resolve through the tab's query cache.
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const options = gameLookupQueryOptions(getBrowserApi(), params.provider_name, params.game_name);
  return { game: found(await getBrowserQueryClient().fetchQuery(options)) };
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Page Not Found · Croupier" }];
  const provider = loaderData.game.provider_name ?? titleFromRouteName(params.provider_name);
  return [
    { title: `${loaderData.game.game_name} · ${provider} · Croupier` },
    { name: "description", content: `Play ${loaderData.game.game_name} by ${provider} at Croupier. Play responsibly: 18+.` },
  ];
}

/** The game window: full screen (empty layout), a bar with back, the title, play mode and the wallet. */
export default function Game({ loaderData }: Route.ComponentProps) {
  const { game } = loaderData;
  const navigate = useNavigate();
  const { authenticated, userId } = useAuth();
  const profile = useProfile();

  // Back to the page the player came from (keeping its scroll position), or the lobby.
  const back = () => {
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) navigate(-1);
    else navigate(previousPage.get() ?? "/", { preventScrollReset: true });
  };

  return (
    <>
      {/* Over the game when the player's reality-check interval has passed; bets wait for the answer (ADR 022). */}
      {authenticated ? <RealityCheckDialog userId={userId} onLeave={back} /> : null}
      <GamePage
        key={game.guid}
        game={game}
        accountStatus={authenticated ? (profile.data?.status ?? null) : null}
        header={(controls) => (
          <header className="flex h-14 shrink-0 items-center gap-3 border-b border-ink-700 bg-ink-900 px-3">
            <button type="button" onClick={back} className="btn-ghost h-9 px-3" aria-label="Back to the lobby">
              <Icon name="back" width={18} height={18} />
              <span className="max-sm:sr-only">Back</span>
            </button>
            <div className="min-w-0">
              <h1 className="truncate text-sm font-semibold text-white sm:text-base">{game.game_name}</h1>
              <p className="truncate text-xs text-mist-400">{game.provider_name}</p>
            </div>
            <div className="ml-auto flex items-center gap-2">
              {controls}
              {authenticated ? <HeaderWallet /> : null}
              <LogoMark className="size-7 shrink-0 max-sm:hidden" />
            </div>
          </header>
        )}
      />
    </>
  );
}
