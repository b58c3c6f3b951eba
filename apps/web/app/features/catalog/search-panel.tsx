import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { cx } from "../../lib/cx";
import { useDevice } from "../../lib/use-device";
import type { CatalogGame } from "./catalog-types";
import { gamePath } from "./game-card";
import { IMAGE_SIZES_PX } from "@croupier/contract/image-sizes";
import { tileImage } from "./image-srcset";
import { useGameSearch } from "./search";
import { addRecent, moveActive, readRecent, SEARCH_DEBOUNCE_MS, SEARCH_MAX_CHARS, searchTerm, writeRecent } from "./search-list";

const THUMB_PX = IMAGE_SIZES_PX.thumb;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Game search (the search dialog on desktop, the drawer on phones): a combobox whose list shows the
 * recent searches until two characters are typed, then the games matching them (debounced).
 * Arrow keys move through the list, Enter opens the game or reruns the recent search.
 */
export default function SearchPanel({ onOpen, className }: { onOpen: (path: string) => void; className?: string }) {
  const device = useDevice().deviceClass === "desktop" ? "desktop" : "mobile";
  const [input, setInput] = useState("");
  const [term, setTerm] = useState("");
  const [recent, setRecent] = useState<string[]>(() => readRecent(storage()));
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const search = useGameSearch(term, device);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(searchTerm(input)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  // A new list starts with nothing highlighted.
  useEffect(() => setActive(-1), [term, search.data]);
  useEffect(() => inputRef.current?.focus(), []);

  const searching = term !== "";
  const games = searching ? (search.data?.games ?? []) : [];
  const count = searching ? games.length : recent.length;
  const optionId = (index: number) => `${listId}-${index}`;

  const remember = (next: string[]) => {
    setRecent(next);
    writeRecent(storage(), next);
  };
  const openGame = (game: CatalogGame) => {
    remember(addRecent(recent, input));
    onOpen(gamePath(game));
  };
  const rerun = (text: string) => {
    setInput(text);
    setTerm(searchTerm(text));
    inputRef.current?.focus();
  };
  const choose = (index: number) => {
    if (searching) {
      const game = games[index];
      if (game) openGame(game);
    } else if (recent[index]) rerun(recent[index]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Home and End keep moving the caret until the list is being browsed.
    if ((event.key === "Home" || event.key === "End") && active < 0) return;
    const next = moveActive(active, event.key, count);
    if (next !== null) {
      event.preventDefault();
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: "nearest" });
      return;
    }
    if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      choose(active);
    }
  };

  const status = !searching
    ? recent.length > 0
      ? "Recent searches"
      : "Type at least two letters of a game's name."
    : search.data === undefined || search.isPlaceholderData
      ? "Searching…"
      : games.length === 0
        ? `No games match “${term}”.`
        : `${search.data.total} ${search.data.total === 1 ? "game" : "games"} found`;

  return (
    <div className={className}>
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label="Search games"
        aria-expanded={count > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        placeholder="Search games"
        autoComplete="off"
        spellCheck={false}
        maxLength={SEARCH_MAX_CHARS}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        onKeyDown={onKeyDown}
        className="h-11 w-full rounded-xl border border-ink-600 bg-ink-900 px-4 text-sm text-white placeholder:text-mist-400 focus:border-gold-400 focus:outline-none"
      />
      <div className="mt-3 flex items-center justify-between">
        <p className="text-xs text-mist-400" role="status">
          {status}
        </p>
        {!searching && recent.length > 0 ? (
          <button type="button" className="text-xs font-medium text-gold-400 hover:text-gold-300" onClick={() => remember([])}>
            Clear
          </button>
        ) : null}
      </div>
      <ul id={listId} role="listbox" aria-label={searching ? "Games" : "Recent searches"} className="mt-2 max-h-[min(60vh,420px)] space-y-1 overflow-y-auto">
        {searching
          ? games.map((game, index) => {
              const image = game.game_icon ? tileImage(game.game_icon, "thumb") : null;
              return (
                <li
                  key={game.guid}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => openGame(game)}
                  onMouseMove={() => index !== active && setActive(index)}
                  className={cx("flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5", index === active ? "bg-ink-700" : "hover:bg-ink-800")}
                >
                  <span className="size-10 shrink-0 overflow-hidden rounded-md bg-ink-800">
                    {image ? <img src={image.src} srcSet={image.srcSet} width={THUMB_PX} height={THUMB_PX} alt="" className="size-full object-cover" /> : null}
                  </span>
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-semibold text-white">{game.game_name}</span>
                    {game.provider ? <span className="block truncate text-xs text-mist-400">{game.provider}</span> : null}
                  </span>
                </li>
              );
            })
          : recent.map((text, index) => (
              <li
                key={text}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => rerun(text)}
                className={cx("cursor-pointer truncate rounded-lg px-3 py-2 text-sm text-mist-300", index === active ? "bg-ink-700 text-white" : "hover:bg-ink-800")}
              >
                {text}
              </li>
            ))}
      </ul>
    </div>
  );
}
