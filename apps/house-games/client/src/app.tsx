import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import type { Boot } from "./boot.ts";
import type { GameKind } from "./api/types.ts";
import { GameSessionProvider, useGame } from "./session/game-session.tsx";
import type { ErrorView } from "./lib/errors.ts";
import { lobbyMessage, resolveParentOrigin, sendToParent } from "./lib/parent-messages.ts";

// One chunk per game family: a slot player never downloads the roulette board.
const games: Record<GameKind, LazyExoticComponent<ComponentType>> = {
  slot: lazy(() => import("./games/slots/slots-game.tsx").then((m) => ({ default: m.SlotsGame }))),
  roulette: lazy(() => import("./games/roulette/roulette-game.tsx").then((m) => ({ default: m.RouletteGame }))),
  blackjack: lazy(() => import("./games/blackjack/blackjack-game.tsx").then((m) => ({ default: m.BlackjackGame }))),
  dice: lazy(() => import("./games/dice/dice-game.tsx").then((m) => ({ default: m.DiceGame }))),
  dice_table: lazy(() => import("./games/dice/dice-table-game.tsx").then((m) => ({ default: m.DiceTableGame }))),
  live_roulette: lazy(() => import("./games/live/live-game.tsx").then((m) => ({ default: m.LiveGame }))),
  live_blackjack: lazy(() => import("./games/live/live-game.tsx").then((m) => ({ default: m.LiveGame }))),
  live_dice: lazy(() => import("./games/live/live-game.tsx").then((m) => ({ default: m.LiveGame }))),
};
const VerifyPage = lazy(() => import("./verify/verify-page.tsx").then((m) => ({ default: m.VerifyPage })));

function Loading({ label }: { label: string }) {
  return (
    <div className="verify" role="status" aria-live="polite">
      <p className="muted">{label}</p>
    </div>
  );
}

function StartError({ error, exitUrl }: { error: ErrorView; exitUrl: string | null }) {
  return (
    <div className="verify">
      <div className="alert" role="alert" data-code={error.code}>
        <p>
          <strong>{error.title}</strong>
          {error.message}
        </p>
      </div>
      <button
        type="button"
        className="btn"
        onClick={() =>
          sendToParent(lobbyMessage(), {
            self: window,
            parent: window.parent,
            origin: resolveParentOrigin({ search: location.search, referrer: document.referrer, ancestorOrigins: location.ancestorOrigins, ownOrigin: location.origin }),
            exitUrl,
            navigate: (url) => location.assign(url),
          })
        }
      >
        Back to lobby
      </button>
    </div>
  );
}

function GameByKind() {
  const { definition } = useGame();
  const Game = games[definition.kind];
  if (!Game) return <StartError error={{ code: "GAME_NOT_AVAILABLE", title: "Game not available", message: `Unknown game kind ${definition.kind}.`, fatal: true, retryAfterMs: null }} exitUrl={null} />;
  return (
    <Suspense fallback={<Loading label="Loading the table…" />}>
      <Game />
    </Suspense>
  );
}

export function App({ boot }: { boot: Boot }) {
  if (boot.page === "verify") {
    return (
      <Suspense fallback={<Loading label="Loading…" />}>
        <VerifyPage apiBase={boot.api_base} params={boot.params} />
      </Suspense>
    );
  }
  if (boot.page !== "play") {
    return <StartError error={{ code: "NOT_FOUND", title: "Page not found", message: "Open a game from the casino lobby.", fatal: true, retryAfterMs: null }} exitUrl={null} />;
  }
  return (
    <GameSessionProvider boot={boot} fallback={({ error }) => (error ? <StartError error={error} exitUrl={boot.exit_url} /> : <Loading label="Opening the game…" />)}>
      <GameByKind />
    </GameSessionProvider>
  );
}
