import type { PlayerDetail, PlayerLedgerEntry } from "@croupier/contract/backoffice/players";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataGrid } from "../../components/data-grid/data-grid";
import { EmptyState } from "../../components/states";
import { formatDateTime, formatMoney } from "./format";
import { playerLedgerQueryOptions } from "./list-player-ledger";

const DIRECTION_LABEL = { in: "+", out: "−", internal: "⇄" } as const;

const columns: ColumnDef<PlayerLedgerEntry, string>[] = [
  {
    accessorKey: "created_at",
    header: "Time",
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  },
  { accessorKey: "kind", header: "Kind" },
  {
    id: "amount",
    header: "Amount",
    accessorFn: (row) => row.amount,
    cell: ({ row: { original: e } }) => (
      <span
        className={
          e.direction === "in"
            ? "text-emerald-700 tabular-nums"
            : e.direction === "out"
              ? "text-red-700 tabular-nums"
              : "tabular-nums"
        }
      >
        <span aria-label={e.direction}>{DIRECTION_LABEL[e.direction]}</span>{" "}
        {formatMoney(e.amount, e.decimals, e.currency)}
      </span>
    ),
  },
  { accessorKey: "pocket", header: "Pocket" },
  { accessorKey: "counterparty", header: "Other side" },
  {
    id: "reference",
    header: "Reference",
    accessorFn: (row) => row.round_ref ?? row.payment_id ?? row.bonus_id ?? "",
    cell: (c) => <code className="text-xs break-all">{c.getValue() || "—"}</code>,
  },
];

/** The wallets (cash, bonus per currency) and every ledger transfer of the player. */
export function WalletsLedgerTab({ player }: { player: PlayerDetail }) {
  const filters = useMemo(() => ({ playerId: player.profile.id }), [player.profile.id]);
  return (
    <div className="space-y-6">
      <section aria-labelledby="wallets-heading">
        <h2 id="wallets-heading" className="mb-2 font-semibold text-slate-900">
          Wallets
        </h2>
        {player.wallets.length === 0 ? (
          <EmptyState title="No wallet yet">The player has not opened a wallet.</EmptyState>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {player.wallets.map((w) => (
              <li key={w.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <p className="flex items-center justify-between font-medium text-slate-900">
                  {w.currency}
                  {w.active ? <span className="text-xs font-normal text-indigo-700">active</span> : null}
                </p>
                <dl className="mt-2 grid grid-cols-2 gap-y-1 text-sm">
                  <dt className="text-slate-500">Cash</dt>
                  <dd className="text-right tabular-nums">{formatMoney(w.cash, w.decimals, w.currency)}</dd>
                  <dt className="text-slate-500">Bonus</dt>
                  <dd className="text-right tabular-nums">{formatMoney(w.bonus, w.decimals, w.currency)}</dd>
                  <dt className="text-slate-500">Deferred bonus</dt>
                  <dd className="text-right tabular-nums">{formatMoney(w.deferred_bonus, w.decimals, w.currency)}</dd>
                  <dt className="text-slate-500">Wagering left</dt>
                  <dd className="text-right tabular-nums">{formatMoney(w.wager, w.decimals, w.currency)}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="ledger-heading">
        <h2 id="ledger-heading" className="mb-2 font-semibold text-slate-900">
          Ledger
        </h2>
        <DataGrid
          label="Ledger transfers"
          columns={columns}
          queryOptions={playerLedgerQueryOptions}
          filters={filters}
          getRowId={(row) => row.id}
          emptyTitle="No money has moved yet"
        />
      </section>
    </div>
  );
}
