import { useNavigate } from "react-router";
import type { Route } from "./+types/game";
import { Icon } from "../components/icons";
import { LogoMark } from "../components/logo";
import { previousPage } from "../lib/navigation-memory";
import { titleFromRouteName } from "../lib/route-name";

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `${titleFromRouteName(params.game_name)} · ${titleFromRouteName(params.provider_name)} · Croupier` }];
}

/** The game window: full screen (empty layout), a bar with back and the title, the game frame below. */
export default function Game({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const title = titleFromRouteName(params.game_name);
  const provider = titleFromRouteName(params.provider_name);

  // Back to the page the player came from (keeping its scroll position), or the lobby.
  const back = () => {
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) navigate(-1);
    else navigate(previousPage.get() ?? "/", { preventScrollReset: true });
  };

  return (
    <div className="flex h-dvh flex-col bg-ink-950">
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-ink-700 bg-ink-900 px-3">
        <button type="button" onClick={back} className="btn-ghost h-9 px-3" aria-label="Back to the lobby">
          <Icon name="back" width={18} height={18} />
          <span className="max-sm:sr-only">Back</span>
        </button>
        <div className="min-w-0">
          <h1 className="truncate text-sm font-semibold text-white sm:text-base">{title}</h1>
          <p className="truncate text-xs text-mist-400">{provider}</p>
        </div>
        <LogoMark className="ml-auto size-7 shrink-0" />
      </header>
      <main id="main" className="flex flex-1 items-center justify-center p-3 sm:p-6">
        <section
          aria-label={`${title} game window`}
          className="relative flex aspect-video max-h-full w-full max-w-6xl items-center justify-center overflow-hidden rounded-2xl border border-ink-700 bg-[radial-gradient(ellipse_at_center,var(--color-ink-800),var(--color-ink-950))]"
        >
          <div className="flex flex-col items-center px-6 text-center" role="status">
            <span className="grid size-16 place-items-center rounded-2xl bg-ink-700 text-gold-400">
              <Icon name="dice" width={32} height={32} />
            </span>
            <p className="mt-4 text-lg font-semibold text-white">This game is not available yet</p>
            <p className="mt-1 max-w-md text-sm text-mist-400">
              {title} by {provider} cannot be launched at the moment. Choose another game from the lobby.
            </p>
            <button type="button" onClick={back} className="btn-primary mt-6">
              Back to the lobby
            </button>
          </div>
        </section>
      </main>
    </div>
  );
}
