import { useId, useRef, useState } from "react";
import { Button } from "../../components/button";
import { Skeleton } from "../../components/states";
import { errorMessageOf } from "../../lib/staff-api";
import { GAMES_MAX } from "./campaign-form";
import { useFreeSpinGames, type FreeSpinGame } from "./list-freespin-games";

/**
 * The free-spins game picker: search the catalogue (games that can give free spins), tick games; the
 * ticked ones show as removable chips. None ticked = any game with free spins (the server's rule).
 */
export function GamePicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (guids: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const [q, setQ] = useState("");
  const [open, setOpen] = useState(false);
  const games = useFreeSpinGames(q, open);
  // Names of games seen in searches, so the chips stay readable after the search changes.
  const names = useRef(new Map<string, string>());
  for (const game of games.data ?? []) names.current.set(game.guid, game.game_name);
  const toggle = (game: FreeSpinGame) =>
    onChange(
      value.includes(game.guid) ? value.filter((g) => g !== game.guid) : [...value, game.guid].slice(0, GAMES_MAX),
    );

  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-700">
        Games for the free spins
      </p>
      {value.length === 0 ? (
        <p className="text-xs text-slate-500">
          None chosen: the spins can be played in any game that allows free spins.
        </p>
      ) : (
        <ul aria-label="Chosen games" className="flex flex-wrap gap-1">
          {value.map((guid) => (
            <li
              key={guid}
              className="flex items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-800"
            >
              {names.current.get(guid) ?? `Game ${guid.slice(0, 8)}`}
              <button
                type="button"
                className="rounded-full px-1 hover:bg-indigo-100"
                aria-label={`Remove ${names.current.get(guid) ?? guid}`}
                onClick={() => onChange(value.filter((g) => g !== guid))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <div className="space-y-2 rounded-md border border-slate-200 p-2">
          <input
            type="search"
            aria-label="Search games"
            placeholder="Search games by name"
            value={q}
            maxLength={64}
            onChange={(e) => setQ(e.target.value)}
            className="block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm"
          />
          {games.isPending ? (
            <div role="status" aria-label="Loading games" className="space-y-2">
              <Skeleton />
              <Skeleton className="h-4 w-2/3" />
            </div>
          ) : games.isError ? (
            <p role="alert" className="text-xs text-red-600">
              {errorMessageOf(games.error)}
            </p>
          ) : games.data.length === 0 ? (
            <p className="text-xs text-slate-500">No game with free spins matches.</p>
          ) : (
            <ul aria-labelledby={`${id}-label`} className="max-h-48 space-y-1 overflow-y-auto">
              {games.data.map((game) => (
                <li key={game.guid}>
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" checked={value.includes(game.guid)} onChange={() => toggle(game)} />
                    {game.game_name}
                    <span className="text-xs text-slate-500">
                      {game.studio_name}
                      {game.game_status !== "active" ? ` · ${game.game_status}` : ""}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Done
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Choose games…
        </Button>
      )}
      {error ? (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
