import { useEffect, useRef, useState } from "react";
import { EmptyState } from "../../components/empty-state";
import { useHydrated } from "../../lib/use-hydrated";
import type { CatalogGame, DeviceKind } from "./catalog-types";
import { GameCard, GameCardSkeleton } from "./game-card";
import { GAMES_PER_PAGE, useGamesPage, type GamesScope } from "./games";

const GRID = "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5 xl:grid-cols-6";
// Start loading the next page while the end of the grid is still this far below the viewport.
const PRELOAD_MARGIN = "600px 0px";

/** A category grid paged through GET /catalog/games: the next page loads near the end (or by the button). */
export function PagedGameGrid({ scope, device, label, eager = false }: { scope: GamesScope; device: DeviceKind; label: string; eager?: boolean }) {
  const [pages, setPages] = useState(1);
  const first = useGamesPage(scope, device, 1);
  const last = useGamesPage(scope, device, pages);
  const total = first.data?.total ?? 0;
  const hasMore = first.data !== undefined && pages * GAMES_PER_PAGE < total;
  const ready = hasMore && last.data !== undefined;
  const sentinel = useRef<HTMLDivElement>(null);

  // A new observer per page: observing reports the current position, so a sentinel still in view loads again.
  useEffect(() => {
    const target = sentinel.current;
    if (!ready || !target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((records) => records.some((r) => r.isIntersecting) && setPages((n) => n + 1), {
      rootMargin: PRELOAD_MARGIN,
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [ready, pages]);

  if (first.isError) return <NoGames text="The games could not be loaded. Please try again in a moment." />;
  if (first.data && total === 0) return <NoGames />;
  return (
    <>
      <ul aria-label={label} className={GRID} aria-busy={last.data === undefined}>
        {Array.from({ length: pages }, (_, index) => (
          <GridPage key={index} scope={scope} device={device} page={index + 1} eager={eager && index === 0} />
        ))}
      </ul>
      {/* Kept while the first page loads, so the page does not grow when it arrives. */}
      {hasMore || first.data === undefined ? (
        <div ref={sentinel} className="mt-6 flex justify-center">
          <button type="button" className="btn-ghost" disabled={!ready} onClick={() => setPages((n) => n + 1)}>
            Load more games
          </button>
        </div>
      ) : null}
    </>
  );
}

/**
 * Placeholders for a page not loaded yet: a full page once hydrated, none in the server's HTML (a
 * grid the server did not load is the home page's, below its rows and the first screen).
 */
const FIRST_PAINT_SKELETONS = 0;

function GridPage({ scope, device, page, eager }: { scope: GamesScope; device: DeviceKind; page: number; eager: boolean }) {
  const { data, isError } = useGamesPage(scope, device, page);
  const hydrated = useHydrated();
  if (isError) return null;
  if (!data) return <Skeletons count={hydrated ? GAMES_PER_PAGE : FIRST_PAINT_SKELETONS} />;
  return <GameItems games={data.games} eager={eager} />;
}

function GameItems({ games, eager }: { games: CatalogGame[]; eager: boolean }) {
  return games.map((game, index) => (
    <li key={game.guid}>
      <GameCard game={game} eager={eager && index < 6} />
    </li>
  ));
}

function Skeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <li key={index}>
      <GameCardSkeleton />
    </li>
  ));
}

/** A grid of games already at hand (the player's favourites). */
export function GameGrid({ games, label, empty }: { games: CatalogGame[]; label: string; empty?: string }) {
  if (games.length === 0) return <NoGames text={empty} />;
  return (
    <ul aria-label={label} className={GRID}>
      <GameItems games={games} eager />
    </ul>
  );
}

function NoGames({ text = "Nothing here yet for this device. Try another category or studio." }: { text?: string }) {
  return (
    <EmptyState icon="dice" title="No games found">
      {text}
    </EmptyState>
  );
}
