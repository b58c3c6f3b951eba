import { Link, NavLink } from "react-router";
import { cx } from "../../lib/cx";
import { tagRouteName } from "../../lib/route-name";
import type { CatalogTag, DeviceKind, LobbyEntry, LobbySection } from "./catalog-types";
import { EmptyStateFrame } from "./empty-state-frame";
import { GameCard } from "./game-card";
import { useLobbyPage } from "./lobby-page";
import { ALL_GAMES_ICON, sectionTags } from "./resolve-filter";
import { useTags } from "./tags";

const SECTION_PATH: Record<LobbySection, string> = { home: "/", live: "/live", slots: "/slots" };
const SECTION_TITLE: Record<LobbySection, string> = { home: "Lobby", live: "Live casino", slots: "Slots" };

export function sectionTitle(section: LobbySection) {
  return SECTION_TITLE[section];
}

function filterPath(section: LobbySection, tag: CatalogTag) {
  const base = section === "home" ? "" : SECTION_PATH[section];
  return `${base}/${encodeURIComponent(tagRouteName(tag.name))}`;
}

/** A lobby section: section tabs, category chips, then rows of games (or an honest empty state). */
export function LobbyView({ section, filter, device }: { section: LobbySection; filter: string | null; device: DeviceKind }) {
  const tags = useTags().data ?? [];
  const entries = useLobbyPage(section, device).data ?? [];
  const chips = sectionTags(tags, section);
  const active = filter ? (chips.find((tag) => tagRouteName(tag.name) === filter) ?? tags.find((tag) => tagRouteName(tag.name) === filter)) : undefined;
  const filtered = active && active.guid !== "{hash}";
  const shown = filtered ? entries.filter((entry) => entry.tag.guid === active.guid) : entries;

  return (
    <div className="mx-auto max-w-7xl">
      <nav aria-label="Lobby sections" className="mb-5 flex gap-2">
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
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-white tablet:text-3xl">{active ? active.name : SECTION_TITLE[section]}</h1>
      <CategoryChips section={section} chips={chips} activeGuid={active?.guid ?? "{hash}"} />
      {shown.length === 0 || shown.every((entry) => entry.games.length === 0) ? (
        <EmptyStateFrame />
      ) : filtered ? (
        <GameGrid entry={shown[0]!} />
      ) : (
        shown.map((entry, index) => <GameRow key={entry.tag.guid} entry={entry} more={filterPath(section, entry.tag)} eager={index === 0} />)
      )}
    </div>
  );
}

function CategoryChips({ section, chips, activeGuid }: { section: LobbySection; chips: CatalogTag[]; activeGuid: string }) {
  return (
    <ul aria-label="Categories" className="-mx-4 mb-6 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin]">
      {chips.map((tag, index) => {
        const current = activeGuid === tag.guid;
        return (
          <li key={tag.guid} className="shrink-0">
            <Link
              to={index === 0 ? SECTION_PATH[section] : filterPath(section, tag)}
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

function GameRow({ entry, more, eager }: { entry: LobbyEntry; more: string; eager: boolean }) {
  const headingId = `row-${entry.tag.guid}`;
  return (
    <section className="mb-8" aria-labelledby={headingId}>
      <div className="mb-3 flex items-center justify-between">
        <h2 id={headingId} className="text-lg font-semibold text-white">
          {entry.tag.name}
        </h2>
        <Link to={more} className="text-sm font-medium text-gold-400 hover:text-gold-300">
          See all
        </Link>
      </div>
      <ul className="-mx-4 grid auto-cols-[42%] grid-flow-col gap-3 overflow-x-auto px-4 pb-2 sm:auto-cols-[28%] lg:auto-cols-[18%] xl:auto-cols-[15%]">
        {entry.games.map((game, index) => (
          <li key={game.guid}>
            <GameCard game={game} eager={eager && index < 6} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function GameGrid({ entry }: { entry: LobbyEntry }) {
  return (
    <ul aria-label={entry.tag.name} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5 xl:grid-cols-6">
      {entry.games.map((game, index) => (
        <li key={game.guid}>
          <GameCard game={game} eager={index < 10} />
        </li>
      ))}
    </ul>
  );
}
