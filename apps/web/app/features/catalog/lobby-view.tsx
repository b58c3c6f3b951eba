import { useDeferredValue } from "react";
import { Link, NavLink } from "react-router";
import { ModalLink } from "../../components/modal-link";
import { Icon } from "../../components/icons";
import { cx } from "../../lib/cx";
import { useHydrated } from "../../lib/use-hydrated";
import { tagRouteName } from "../../lib/route-name";
import type { CatalogGame, CatalogTag, DeviceKind, LobbyEntry, LobbyFilter, LobbySection } from "./catalog-types";
import { EmptyStateFrame } from "./empty-state-frame";
import { FavoritesProvider, useFavorites } from "./favorites-context";
import { GameCard, GameCardSkeleton } from "./game-card";
import { GameGrid, PagedGameGrid } from "./game-grid";
import { FIRST_PAINT_ROWS, FIRST_PAINT_TILES, useLobbyPage } from "./lobby-page";
import { useProviders } from "./providers";
import { ProviderStrip } from "./provider-strip";
import { ALL_GAMES_GUID, ALL_GAMES_ICON, FAVORITES_TAG, gridScope, sectionProviders, sectionSystemTag, sectionTags } from "./resolve-filter";
import { useTags } from "./tags";
import { useLobbyDevice } from "./use-lobby-device";

const SECTION_PATH: Record<LobbySection, string> = { home: "/", live: "/live", slots: "/slots" };
const SECTION_TITLE: Record<LobbySection, string> = { home: "Lobby", live: "Live casino", slots: "Slots" };

export function sectionTitle(section: LobbySection) {
  return SECTION_TITLE[section];
}

/** "/live" for live, "" for home: filter paths append "/{route name}". */
export function sectionBase(section: LobbySection) {
  return section === "home" ? "" : SECTION_PATH[section];
}

function filterPath(section: LobbySection, tag: CatalogTag) {
  return `${sectionBase(section)}/${encodeURIComponent(tagRouteName(tag.name))}`;
}

type LobbyProps = { section: LobbySection; filter: LobbyFilter | null; device: DeviceKind };

/** A lobby section: section tabs, category chips, studios, then tag rows or the filter's grid. */
export function LobbyView(props: LobbyProps) {
  const device = useLobbyDevice(props.device);
  return (
    <FavoritesProvider device={device}>
      <LobbyContent {...props} device={device} />
    </FavoritesProvider>
  );
}

function LobbyContent({ section, filter, device }: LobbyProps) {
  const tags = useTags().data ?? [];
  const systemTag = sectionSystemTag(tags, section);
  const providers = sectionProviders(useProviders(device).data ?? [], systemTag);
  const favorites = useFavorites().games.filter((game) => systemTag === null || game.system_tag_guid === systemTag);
  const chips = sectionTags(tags, section);
  if (favorites.length > 0) chips.splice(1, 0, FAVORITES_TAG);
  const activeTag = filter === null ? ALL_GAMES_GUID : filter.kind === "tag" ? filter.tag.guid : null;
  const title = filter === null ? SECTION_TITLE[section] : filter.kind === "tag" ? filter.tag.name : filter.provider.name;
  const scope = gridScope(filter, systemTag);

  return (
    <div className="mx-auto max-w-7xl">
      <div className="mb-5 flex flex-wrap items-center gap-2">
        <nav aria-label="Lobby sections" className="flex gap-2">
          {(Object.keys(SECTION_PATH) as LobbySection[]).map((key) => (
            <NavLink
              key={key}
              to={SECTION_PATH[key]}
              end={key === "home"}
              className={({ isActive }) =>
                cx(
                  "rounded-full px-4 py-2 text-sm font-semibold transition-colors",
                  isActive ? "bg-gold-400 text-ink-950" : "bg-ink-800 text-mist-300 hover:bg-ink-700 hover:text-white",
                )
              }
            >
              {SECTION_TITLE[key]}
            </NavLink>
          ))}
        </nav>
        {/* The sidebar has search on desktop; on phones it is hidden in the drawer. */}
        <ModalLink
          modal="search"
          className="ml-auto flex h-10 min-w-44 items-center gap-2 rounded-full border border-ink-700 bg-ink-850 px-4 text-sm text-mist-400 hover:border-ink-500 hover:text-white max-sm:w-full desktop:hidden"
        >
          <Icon name="search" width={18} height={18} />
          Search games
        </ModalLink>
      </div>
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-white tablet:text-3xl">{title}</h1>
      <CategoryChips section={section} chips={chips} activeGuid={activeTag} />
      <ProviderStrip providers={providers} base={sectionBase(section)} activeGuid={filter?.kind === "provider" ? filter.provider.guid : null} />
      {filter === null ? (
        <SectionRows section={section} device={device} favorites={favorites} scope={scope!} />
      ) : scope ? (
        <PagedGameGrid key={JSON.stringify(scope)} scope={scope} device={device} label={title} eager />
      ) : (
        <GameGrid games={favorites} label={title} empty="Tap the heart on a game to keep it here." />
      )}
    </div>
  );
}

function SectionRows({ section, device, favorites, scope }: { section: LobbySection; device: DeviceKind; favorites: CatalogGame[]; scope: NonNullable<ReturnType<typeof gridScope>> }) {
  // The page's rows arrive after hydration: rendered in slices that yield (a transition), not in one long task.
  const entries = useDeferredValue(useLobbyPage(section, device).data) ?? [];
  const rows = favorites.length > 0 ? [{ tag: FAVORITES_TAG, games: favorites }, ...entries] : entries;
  if (rows.every((entry) => entry.games.length === 0)) return <EmptyStateFrame />;
  return (
    <>
      {rows.map((entry, index) => (
        <GameRow
          key={entry.tag.guid}
          entry={entry}
          more={filterPath(section, entry.tag)}
          eager={index === 0}
          firstPaint={index < FIRST_PAINT_ROWS ? FIRST_PAINT_TILES : 0}
        />
      ))}
      <section className="mb-8" aria-labelledby="row-all-games">
        <h2 id="row-all-games" className="mb-3 text-lg font-semibold text-white">
          All games
        </h2>
        <PagedGameGrid key={`${section}:${device}`} scope={scope} device={device} label="All games" />
      </section>
    </>
  );
}

function CategoryChips({ section, chips, activeGuid }: { section: LobbySection; chips: CatalogTag[]; activeGuid: string | null }) {
  return (
    <ul aria-label="Categories" className="-mx-4 mb-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin]">
      {chips.map((tag) => {
        const current = activeGuid === tag.guid;
        return (
          <li key={tag.guid} className="shrink-0">
            <Link
              to={tag.guid === ALL_GAMES_GUID ? SECTION_PATH[section] : filterPath(section, tag)}
              aria-current={current ? "page" : undefined}
              className={cx(
                "flex h-10 items-center gap-2 rounded-xl border px-3 text-sm font-medium whitespace-nowrap transition-colors",
                current ? "border-gold-400/60 bg-ink-700 text-white" : "border-ink-700 bg-ink-850 text-mist-300 hover:border-ink-500 hover:text-white",
              )}
            >
              <img src={tag.tag_icon_url || ALL_GAMES_ICON} alt="" width={20} height={20} loading="lazy" className="size-5" />
              {tag.name}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** firstPaint: the tiles of this row in the server's HTML (and while hydrating); the rest render after hydration. */
function GameRow({ entry, more, eager, firstPaint }: { entry: LobbyEntry; more: string; eager: boolean; firstPaint: number }) {
  const headingId = `row-${entry.tag.guid}`;
  const hydrated = useHydrated();
  const games = hydrated ? entry.games : entry.games.slice(0, firstPaint);
  return (
    <section className="mb-8" aria-labelledby={headingId}>
      <div className="mb-3 flex items-center justify-between">
        <h2 id={headingId} className="text-lg font-semibold text-white">
          {entry.tag.name}
        </h2>
        <Link to={more} className="text-sm font-medium text-gold-400 hover:text-gold-300" aria-label={`See all: ${entry.tag.name}`}>
          See all
        </Link>
      </div>
      <ul
        aria-labelledby={headingId}
        className="-mx-4 grid auto-cols-[42%] grid-flow-col gap-3 overflow-x-auto px-4 pb-2 sm:auto-cols-[28%] lg:auto-cols-[18%] xl:auto-cols-[15%]"
      >
        {games.map((game, index) => (
          <li key={game.guid}>
            <GameCard game={game} eager={eager && index < 6} />
          </li>
        ))}
        {/* A row whose tiles come later (after hydration, or the page's fetch) keeps a tile's height meanwhile. */}
        {games.length === 0 && (entry.games.length > 0 || entry.deferred) ? (
          <li>
            <GameCardSkeleton />
          </li>
        ) : null}
      </ul>
    </section>
  );
}
