import type { PlayerBonusRow } from "@croupier/contract/backoffice/bonuses";
import { customerBonusStatuses } from "@croupier/contract/entities/bonus";
import type { PlayerWallet } from "@croupier/contract/backoffice/players";
import { formatAmount, isDecimal, toUnits } from "@croupier/contract/money";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { Button } from "../../components/button";
import { DataGrid } from "../../components/data-grid/data-grid";
import { SelectField } from "../../components/field";
import { formatDateTime } from "../../lib/format-date-time";
import { CancelBonusDialog } from "./cancel-bonus-dialog";
import { GrantBonusDialog } from "./grant-bonus-dialog";
import { playerBonusesQueryOptions, type PlayerBonusFilters } from "./list-player-bonuses";

type Status = PlayerBonusRow["status"];

const STATUS_LABELS: Record<Status, string> = {
  offered: "Offered",
  active: "Active",
  completed: "Completed",
  expired: "Expired",
  cancelled: "Cancelled",
  lost: "Lost",
};
const STATUS_TONES: Record<Status, string> = {
  offered: "bg-sky-50 text-sky-800",
  active: "bg-emerald-50 text-emerald-800",
  completed: "bg-indigo-50 text-indigo-800",
  expired: "bg-slate-100 text-slate-600",
  cancelled: "bg-red-50 text-red-700",
  lost: "bg-amber-50 text-amber-800",
};

const money = (value: string | null, currency: string) =>
  value === null ? "—" : `${isDecimal(value) ? formatAmount(value, 2) : value} ${currency}`;

/**
 * Share of the wagering done, in whole percent (0–100), from exact amounts: while active the wallet's
 * remaining wager counts; a completed bonus is done; null when there was no wagering to do.
 */
export function wageringProgress(
  bonus: Pick<PlayerBonusRow, "status" | "wager_amount" | "wager_remaining">,
): number | null {
  if (!isDecimal(bonus.wager_amount)) return null;
  const total = toUnits(bonus.wager_amount);
  if (total <= 0n) return null;
  if (bonus.status === "completed") return 100;
  if (bonus.status !== "active" || bonus.wager_remaining === null || !isDecimal(bonus.wager_remaining)) return 0;
  const remaining = toUnits(bonus.wager_remaining);
  const done = total - (remaining < 0n ? 0n : remaining > total ? total : remaining);
  return Number((done * 100n) / total);
}

function WageringCell({ bonus }: { bonus: PlayerBonusRow }) {
  const progress = wageringProgress(bonus);
  if (progress === null) return <span className="text-xs text-slate-500">No wagering</span>;
  return (
    <div className="w-36 space-y-0.5">
      <div
        role="progressbar"
        aria-label={`Wagering of ${bonus.bonus_name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 overflow-hidden rounded bg-slate-200"
      >
        <div className="h-full bg-emerald-500" style={{ width: `${progress}%` }} />
      </div>
      <p className="text-xs text-slate-600">
        {progress} % of {money(bonus.wager_amount, bonus.currency)}
        {bonus.status === "active" && bonus.wager_remaining !== null
          ? ` · ${money(bonus.wager_remaining, bonus.currency)} left`
          : ""}
      </p>
    </div>
  );
}

/**
 * The player's bonuses, newest first: status, campaign, amounts, wagering progress and dates. Staff with
 * bonuses.manage grant one by hand and cancel an offered or active one.
 */
export function PlayerBonusesTab({
  playerId,
  wallets,
  canWrite,
}: {
  playerId: string;
  wallets: readonly PlayerWallet[];
  canWrite: boolean;
}) {
  const [status, setStatus] = useState("");
  const [granting, setGranting] = useState(false);
  const [cancelling, setCancelling] = useState<PlayerBonusRow | null>(null);
  const filters: PlayerBonusFilters = useMemo(() => ({ playerId, status }), [playerId, status]);

  const columns = useMemo<ColumnDef<PlayerBonusRow, unknown>[]>(() => {
    const list: ColumnDef<PlayerBonusRow, unknown>[] = [
      {
        id: "campaign",
        header: "Campaign",
        accessorFn: (b) => b.bonus_name,
        cell: ({ row: { original: b } }) => (
          <span>
            <span className="font-medium">{b.bonus_name}</span>
            <span className="block text-xs text-slate-500">
              v{b.version} · {b.bonus_trigger}
              {b.comment ? ` · “${b.comment}”` : ""}
            </span>
          </span>
        ),
      },
      {
        id: "status",
        header: "Status",
        accessorFn: (b) => b.status,
        cell: ({ row: { original: b } }) => (
          <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_TONES[b.status]}`}>
            {STATUS_LABELS[b.status]}
          </span>
        ),
      },
      {
        id: "amount",
        header: "Bonus",
        accessorFn: (b) => b.bonus_amount,
        cell: ({ row: { original: b } }) => (
          <span className="whitespace-nowrap tabular-nums">
            {money(b.bonus_amount, b.currency)}
            {b.free_spin_count > 0 ? (
              <span className="block text-xs text-slate-500">
                {b.free_spin_count} spins × {money(b.free_spin_amount, b.currency)}
              </span>
            ) : null}
          </span>
        ),
      },
      { id: "wagering", header: "Wagering", cell: ({ row: { original: b } }) => <WageringCell bonus={b} /> },
      {
        id: "outcome",
        header: "Converted / forfeited",
        cell: ({ row: { original: b } }) => (
          <span className="text-xs whitespace-nowrap tabular-nums">
            {b.converted_amount !== null ? `${money(b.converted_amount, b.currency)} to cash` : null}
            {b.converted_amount !== null && b.forfeited_amount !== null ? <br /> : null}
            {b.forfeited_amount !== null ? `${money(b.forfeited_amount, b.currency)} forfeited` : null}
            {b.converted_amount === null && b.forfeited_amount === null ? "—" : null}
          </span>
        ),
      },
      {
        id: "dates",
        header: "Dates",
        cell: ({ row: { original: b } }) => (
          <span className="block text-xs whitespace-nowrap">
            Granted {formatDateTime(b.created_at)}
            {b.activated_at ? <span className="block">Activated {formatDateTime(b.activated_at)}</span> : null}
            {b.status === "offered" && b.activation_expiration_date ? (
              <span className="block">Activate by {formatDateTime(b.activation_expiration_date)}</span>
            ) : null}
            {b.status === "active" && b.wagering_expiration_date ? (
              <span className="block">Wager by {formatDateTime(b.wagering_expiration_date)}</span>
            ) : null}
            {b.finished_at ? <span className="block">Ended {formatDateTime(b.finished_at)}</span> : null}
          </span>
        ),
      },
    ];
    if (canWrite)
      list.push({
        id: "actions",
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row: { original: b } }) =>
          b.status === "offered" || b.status === "active" ? (
            <Button
              variant="secondary"
              aria-label={`Cancel ${b.bonus_name}`}
              onClick={(event) => {
                // The row is not clickable, but keep the click to the button.
                event.stopPropagation();
                setCancelling(b);
              }}
            >
              Cancel…
            </Button>
          ) : null,
      });
    return list;
  }, [canWrite]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value)} className="w-40">
          <option value="">Any</option>
          {customerBonusStatuses.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        {canWrite ? <Button onClick={() => setGranting(true)}>Grant bonus…</Button> : null}
      </div>
      <DataGrid
        label="Player's bonuses"
        columns={columns}
        queryOptions={playerBonusesQueryOptions}
        filters={filters}
        getRowId={(row) => row.guid}
        pageSize={25}
        emptyTitle="No bonuses"
        emptyMessage={status ? "None with this status." : "The player has never received a bonus."}
      />
      {granting ? <GrantBonusDialog playerId={playerId} wallets={wallets} onClose={() => setGranting(false)} /> : null}
      {cancelling ? (
        <CancelBonusDialog playerId={playerId} bonus={cancelling} onClose={() => setCancelling(null)} />
      ) : null}
    </div>
  );
}
