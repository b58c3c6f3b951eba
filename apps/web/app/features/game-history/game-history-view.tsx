import { useMemo, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { formatAmount, isZeroAmount } from "@croupier/contract/money";
import { EmptyState } from "../../components/empty-state";
import { Pagination } from "../../components/pagination";
import { useGameTransactions } from "./game-transactions";
import { useGameOptions, useHistoryCurrencies } from "./history-dictionaries";
import { cleanAmount, filtersFromSearch, HISTORY_PER_PAGE, NO_FILTERS, searchFromFilters, type HistoryFilters } from "./history-filters";
import { groupRounds, verifyUrl, type HistoryRound } from "./history-rounds";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "short", timeStyle: "medium" });

/** The player's rounds with filters and pages (GET /games/game-transaction). */
export function GameHistoryView() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const query = useGameTransactions(filters);
  const games = useGameOptions();
  const currencies = useHistoryCurrencies();
  const byCurrency = useMemo(() => new Map(currencies.map((c) => [c.guid, c])), [currencies]);
  const rounds = useMemo(() => groupRounds(query.data?.items ?? []), [query.data]);
  const total = query.data?.pager.total ?? 0;
  const filtered = searchFromFilters({ ...filters, page: 1 }).toString() !== "";

  const apply = (next: HistoryFilters) => setSearch(searchFromFilters(next), { preventScrollReset: true });

  return (
    <div className="space-y-5">
      <FilterForm key={search.toString()} filters={filters} games={games} onApply={apply} />
      {query.isError ? (
        <p role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-200">
          The history could not be loaded. Please try again.
        </p>
      ) : query.isPending ? (
        <p role="status" className="text-sm text-mist-400">
          Loading your rounds…
        </p>
      ) : rounds.length === 0 ? (
        <EmptyState icon="dice" title={filtered ? "No rounds match these filters" : "No rounds played yet"}>
          {filtered ? "Change or clear the filters to see more." : "Every round you play for real money is recorded here."}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-ink-700">
          <table className="w-full min-w-[760px] text-left text-sm" aria-label="Game rounds">
            <thead className="bg-ink-850 text-xs tracking-wide text-mist-400 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">Time</th>
                <th scope="col" className="px-4 py-3">Game</th>
                <th scope="col" className="px-4 py-3 text-right">Stake</th>
                <th scope="col" className="px-4 py-3 text-right">Win</th>
                <th scope="col" className="px-4 py-3 text-right">Balance before</th>
                <th scope="col" className="px-4 py-3 text-right">Balance after</th>
                <th scope="col" className="px-4 py-3"><span className="sr-only">Verify</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-700">
              {rounds.map((round) => (
                <RoundRow key={round.key} round={round} currency={byCurrency.get(round.currency_guid)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={filters.page} total={total} perPage={HISTORY_PER_PAGE} onPage={(page) => apply({ ...filters, page })} />
    </div>
  );
}

function RoundRow({ round, currency }: { round: HistoryRound; currency?: { code: string; decimals: number } }) {
  const decimals = currency?.decimals ?? 2;
  const money = (value: string) => `${formatAmount(value, decimals)}${currency ? ` ${currency.code}` : ""}`;
  const verify = verifyUrl(round);
  const won = !isZeroAmount(round.win);
  return (
    <tr data-testid="history-round" className="bg-ink-900 hover:bg-ink-850">
      <td className="px-4 py-3 whitespace-nowrap text-mist-300">
        <time dateTime={round.started_at}>{dateTime.format(new Date(round.started_at))}</time>
      </td>
      <td className="px-4 py-3">
        <span className="font-medium text-white">{round.game_name ?? round.game_code ?? "Unknown game"}</span>
        <span className="block text-xs text-mist-500">
          {round.freespin ? "Free spin · " : ""}
          {round.rolled_back ? "Refunded · " : ""}
          Round {round.round_id.slice(0, 12)}
        </span>
      </td>
      <td className="px-4 py-3 text-right tabular-nums">{money(round.stake)}</td>
      <td className={`px-4 py-3 text-right tabular-nums ${won ? "text-emerald-300" : "text-mist-300"}`}>{money(round.win)}</td>
      <td className="px-4 py-3 text-right tabular-nums text-mist-300">{money(round.balance_before)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{money(round.balance_after)}</td>
      <td className="px-4 py-3 text-right">
        {verify ? (
          <a href={verify} target="_blank" rel="noopener" className="font-semibold text-gold-400 hover:underline">
            Verify<span className="sr-only"> round {round.round_id}</span>
          </a>
        ) : null}
      </td>
    </tr>
  );
}

function FilterForm({ filters, games, onApply }: { filters: HistoryFilters; games: { guid: string; name: string }[]; onApply: (filters: HistoryFilters) => void }) {
  const [draft, setDraft] = useState(filters);
  const [invalid, setInvalid] = useState<string | null>(null);
  const field = "mt-1 w-full rounded-lg border border-ink-600 bg-ink-850 px-3 py-2 text-sm text-white";
  const set = (key: keyof HistoryFilters) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value || null }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amounts = ["bet_sum_from", "bet_sum_to", "win_sum_from", "win_sum_to"] as const;
    const bad = amounts.find((key) => draft[key] && !cleanAmount(draft[key]));
    if (bad) return setInvalid("Amounts must be plain numbers such as 10 or 2.50.");
    setInvalid(null);
    const next = { ...draft, page: 1 };
    for (const key of amounts) next[key] = cleanAmount(draft[key]);
    onApply(next);
  };

  return (
    <form onSubmit={submit} aria-label="Filter rounds" className="grid gap-3 rounded-2xl border border-ink-700 bg-ink-900 p-4 sm:grid-cols-2 lg:grid-cols-4">
      <label className="text-xs text-mist-400 sm:col-span-2">
        Game
        <select className={field} value={draft.game_guid ?? ""} onChange={set("game_guid")}>
          <option value="">All games</option>
          {games.map((g) => (
            <option key={g.guid} value={g.guid}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs text-mist-400">
        From date
        <input type="date" className={field} value={draft.created_at_from ?? ""} onChange={set("created_at_from")} />
      </label>
      <label className="text-xs text-mist-400">
        To date
        <input type="date" className={field} value={draft.created_at_to ?? ""} onChange={set("created_at_to")} />
      </label>
      <label className="text-xs text-mist-400">
        Stake from
        <input inputMode="decimal" className={field} value={draft.bet_sum_from ?? ""} onChange={set("bet_sum_from")} maxLength={40} />
      </label>
      <label className="text-xs text-mist-400">
        Stake to
        <input inputMode="decimal" className={field} value={draft.bet_sum_to ?? ""} onChange={set("bet_sum_to")} maxLength={40} />
      </label>
      <label className="text-xs text-mist-400">
        Win from
        <input inputMode="decimal" className={field} value={draft.win_sum_from ?? ""} onChange={set("win_sum_from")} maxLength={40} />
      </label>
      <label className="text-xs text-mist-400">
        Win to
        <input inputMode="decimal" className={field} value={draft.win_sum_to ?? ""} onChange={set("win_sum_to")} maxLength={40} />
      </label>
      {invalid ? (
        <p role="alert" className="text-sm text-red-300 sm:col-span-2 lg:col-span-4">
          {invalid}
        </p>
      ) : null}
      <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
        <button type="submit" className="btn-primary">
          Apply filters
        </button>
        <button type="button" className="btn-ghost" onClick={() => onApply(NO_FILTERS)}>
          Clear
        </button>
      </div>
    </form>
  );
}
