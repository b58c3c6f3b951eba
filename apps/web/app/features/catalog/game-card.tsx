import { Link } from "react-router";
import { routeName } from "../../lib/route-name";
import type { CatalogGame } from "./catalog-types";

export function gamePath(game: CatalogGame) {
  return `/game/${encodeURIComponent(routeName(game.provider ?? "provider"))}/${encodeURIComponent(routeName(game.game_name))}`;
}

export function GameCard({ game, eager = false }: { game: CatalogGame; eager?: boolean }) {
  return (
    <Link
      to={gamePath(game)}
      className="group block overflow-hidden rounded-xl border border-ink-700 bg-ink-850 transition hover:-translate-y-0.5 hover:border-gold-400/50"
    >
      <span className="relative block aspect-[4/5] bg-ink-800">
        {game.game_icon ? (
          <img
            src={game.game_icon}
            alt=""
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="absolute inset-0 size-full object-cover transition duration-300 group-hover:scale-105"
          />
        ) : null}
        {game.label ? (
          <span className="absolute top-2 left-2 rounded-md bg-ruby-500 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-white uppercase">
            {game.label}
          </span>
        ) : null}
      </span>
      <span className="block px-2.5 py-2">
        <span className="block truncate text-[13px] font-semibold text-white">{game.game_name}</span>
        {game.provider ? <span className="block truncate text-[11px] text-mist-400">{game.provider}</span> : null}
      </span>
    </Link>
  );
}
