import { Link } from "react-router";
import { cx } from "../../lib/cx";
import { useHydrated } from "../../lib/use-hydrated";
import { providerRouteName, routeName } from "../../lib/route-name";
import type { CatalogGame } from "./catalog-types";
import { useFavorites } from "./favorites-context";
import { IMAGE_SIZES_PX } from "@croupier/contract/image-sizes";
import { tileImage } from "./image-srcset";

/** Drawn width of a tile's art in CSS pixels (the widest grid column); the proxy serves 1x and 2x of it. */
const TILE_PX = IMAGE_SIZES_PX.tile;

export function gamePath(game: CatalogGame) {
  return `/game/${encodeURIComponent(providerRouteName(game.provider ?? "provider"))}/${encodeURIComponent(routeName(game.game_name))}`;
}

// Fixed caption height: a skeleton and the tile it stands for take the same room, so nothing shifts when games arrive.
const CAPTION = "block h-[3.25rem] px-2.5 py-2 leading-[18px]";

const HEART = "M12 20.5s-7.4-4.5-9.5-9.1C1.1 8.1 3.2 4.8 6.6 4.8c2.1 0 3.9 1.2 5.4 3.1 1.5-1.9 3.3-3.1 5.4-3.1 3.4 0 5.5 3.3 4.1 6.6-2.1 4.6-9.5 9.1-9.5 9.1z";

/** A game tile: art, label, name and studio linking to the game; the heart adds or removes a favourite. */
export function GameCard({ game, eager = false }: { game: CatalogGame; eager?: boolean }) {
  const favorites = useFavorites();
  const favorite = favorites.has(game);
  // The heart does nothing before hydration: it is not in the server's HTML (~0.6 KB a tile).
  const hydrated = useHydrated();
  const image = game.game_icon ? tileImage(game.game_icon, "tile") : null;
  return (
    <div className="group relative" data-game={game.external_guid}>
      <Link
        to={gamePath(game)}
        className="block overflow-hidden rounded-xl border border-ink-700 bg-ink-850 transition hover:-translate-y-0.5 hover:border-gold-400/50"
      >
        <span className="relative block aspect-square bg-ink-800">
          {image ? (
            <img
              src={image.src}
              srcSet={image.srcSet}
              width={TILE_PX}
              height={TILE_PX}
              alt=""
              loading={eager ? "eager" : "lazy"}
              fetchPriority={eager ? "high" : undefined}
              decoding="async"
              className="absolute inset-0 size-full object-cover transition duration-300 group-hover:scale-105"
            />
          ) : null}
          {game.label ? (
            <span className="absolute top-2 left-2 rounded-md bg-ruby-600 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-white uppercase">
              {game.label}
            </span>
          ) : null}
        </span>
        <span className={CAPTION}>
          <span className="block truncate text-[13px] font-semibold text-white">{game.game_name}</span>
          {game.provider ? <span className="block truncate text-[11px] text-mist-400">{game.provider}</span> : null}
        </span>
      </Link>
      {hydrated ? (
        <button
          type="button"
          onClick={() => favorites.toggle(game)}
          aria-pressed={favorite}
          aria-label={`Favorite ${game.game_name}`}
          className={cx(
            "absolute top-1.5 right-1.5 grid size-8 place-items-center rounded-full bg-ink-950/60 backdrop-blur transition-colors hover:text-ruby-400",
            favorite ? "text-ruby-500" : "text-white/80",
          )}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill={favorite ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.8">
            <path d={HEART} />
          </svg>
        </button>
      ) : null}
    </div>
  );
}

/** A tile-shaped placeholder while a page of games loads. */
export function GameCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-xl border border-ink-700 bg-ink-850">
      <span className="block aspect-square animate-pulse bg-ink-800" />
      <span className={CAPTION}>
        <span className="mt-0.5 block h-3 w-3/4 animate-pulse rounded bg-ink-700" />
        <span className="mt-2 block h-2.5 w-1/2 animate-pulse rounded bg-ink-700" />
      </span>
    </div>
  );
}
