import type { RakebackStaffAccrual, RakebackStaffBalance, RakebackStaffClaim } from "@croupier/contract/backoffice/rakeback";
import { formatAmount, isDecimal } from "@croupier/contract/money";
import type { ColumnDef } from "@tanstack/react-table";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/button";
import { DataGrid } from "../../components/data-grid/data-grid";
import { SelectField, TextField } from "../../components/field";
import { formatDateTime } from "../../lib/format-date-time";
import { rakebackAccrualsQueryOptions } from "./list-rakeback-accruals";
import { rakebackBalancesQueryOptions } from "./list-rakeback-balances";
import { rakebackClaimsQueryOptions } from "./list-rakeback-claims";
import { guidError, type RakebackFilters } from "./rakeback-filters";

type View = "balances" | "accruals" | "claims";
const VIEWS: Record<View, string> = { balances: "Balances", accruals: "Accruals", claims: "Claims" };

/** Rakeback amounts keep their full scale (accruals are unrounded); up to 6 decimals are shown. */
const money = (value: string | null, currency: string) => {
  if (value === null) return "—";
  const decimals = value.includes(".") ? Math.min(value.split(".")[1]!.length, 6) : 0;
  return `${isDecimal(value) ? formatAmount(value, Math.max(decimals, 2)) : value} ${currency}`;
};
const playerCell = (id: string, email?: string | null) => (
  <Link to={`/players/${id}`} className="text-indigo-700 underline">
    {email ?? `${id.slice(0, 8)}…`}
  </Link>
);

const balanceColumns: ColumnDef<RakebackStaffBalance, unknown>[] = [
  { id: "player", header: "Player", cell: ({ row: { original: r } }) => playerCell(r.player_guid, r.email) },
  { id: "campaign", header: "Campaign", cell: ({ row: { original: r } }) => r.bonus_name ?? "—" },
  { id: "available", header: "Available", cell: ({ row: { original: r } }) => <span className="tabular-nums">{money(r.available, r.currency)}</span> },
  { id: "accrued", header: "Accrued", cell: ({ row: { original: r } }) => <span className="tabular-nums">{money(r.accrued, r.currency)}</span> },
  { id: "claimed", header: "Claimed", cell: ({ row: { original: r } }) => <span className="tabular-nums">{money(r.claimed, r.currency)}</span> },
  { id: "last_accrual", header: "Last accrual", cell: ({ row: { original: r } }) => formatDateTime(r.last_accrual_at) },
  { id: "last_claim", header: "Last claim", cell: ({ row: { original: r } }) => formatDateTime(r.last_claim_at) },
];

const accrualColumns: ColumnDef<RakebackStaffAccrual, unknown>[] = [
  { id: "player", header: "Player", cell: ({ row: { original: r } }) => playerCell(r.player_guid) },
  { id: "campaign", header: "Campaign", cell: ({ row: { original: r } }) => r.bonus_name ?? "—" },
  { id: "class", header: "Game class", cell: ({ row: { original: r } }) => (r.game_class === "live" ? "Live" : "Slots") },
  { id: "stake", header: "Cash stake", cell: ({ row: { original: r } }) => <span className="tabular-nums">{money(r.stake, r.currency)}</span> },
  { id: "rate", header: "Rate", cell: ({ row: { original: r } }) => `${r.percent} %` },
  {
    id: "amount",
    header: "Accrued",
    cell: ({ row: { original: r } }) => (
      <span className="tabular-nums">
        {money(r.amount, r.currency)}
        {r.reversed ? <span className="ml-1 rounded bg-amber-50 px-1 text-xs text-amber-800">reversed by a rollback</span> : null}
      </span>
    ),
  },
  { id: "bet_at", header: "Bet at", cell: ({ row: { original: r } }) => formatDateTime(r.bet_at) },
];

const claimColumns: ColumnDef<RakebackStaffClaim, unknown>[] = [
  { id: "player", header: "Player", cell: ({ row: { original: r } }) => playerCell(r.player_guid) },
  { id: "campaign", header: "Campaign", cell: ({ row: { original: r } }) => r.bonus_name ?? "—" },
  { id: "amount", header: "Amount", cell: ({ row: { original: r } }) => <span className="tabular-nums">{money(r.amount, r.currency)}</span> },
  { id: "payout", header: "Paid as", cell: ({ row: { original: r } }) => (r.payout === "cash" ? "Cash" : "Bonus") },
  { id: "created_at", header: "Claimed at", cell: ({ row: { original: r } }) => formatDateTime(r.created_at) },
];

/**
 * Rakeback for staff (GET /rakeback/balances|accruals|claims, bonuses.manage): one view at a time,
 * filtered by player and/or campaign id. Read-only: money moves only by a player's claim.
 */
export function RakebackTables({ initialPlayerGuid = "" }: { initialPlayerGuid?: string }) {
  const [view, setView] = useState<View>("balances");
  const [playerGuid, setPlayerGuid] = useState(initialPlayerGuid);
  const [bonusGuid, setBonusGuid] = useState("");
  const playerError = guidError(playerGuid.trim());
  const bonusError = guidError(bonusGuid.trim());
  const [applied, setApplied] = useState<RakebackFilters>({ playerGuid: initialPlayerGuid, bonusGuid: "" });
  return (
    <div className="space-y-4">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!playerError && !bonusError) setApplied({ playerGuid: playerGuid.trim(), bonusGuid: bonusGuid.trim() });
        }}
      >
        <SelectField label="Show" value={view} onChange={(e) => setView(e.target.value as View)} className="w-36">
          {(Object.keys(VIEWS) as View[]).map((v) => (
            <option key={v} value={v}>
              {VIEWS[v]}
            </option>
          ))}
        </SelectField>
        <TextField label="Player id" value={playerGuid} maxLength={36} onChange={(e) => setPlayerGuid(e.target.value)} error={playerError} className="w-80" />
        <TextField label="Campaign id" value={bonusGuid} maxLength={36} onChange={(e) => setBonusGuid(e.target.value)} error={bonusError} className="w-80" />
        <Button type="submit">Filter</Button>
      </form>
      {view === "balances" ? (
        <DataGrid label="Rakeback balances" columns={balanceColumns} queryOptions={rakebackBalancesQueryOptions} filters={applied} getRowId={(r) => r.wallet_guid} pageSize={25} emptyTitle="No rakeback balances" emptyMessage="Nobody has accrued rakeback for these filters." />
      ) : null}
      {view === "accruals" ? (
        <DataGrid label="Rakeback accruals" columns={accrualColumns} queryOptions={rakebackAccrualsQueryOptions} filters={applied} getRowId={(r) => r.game_transaction_guid} pageSize={25} emptyTitle="No accruals" emptyMessage="No real-money stake accrued rakeback for these filters." />
      ) : null}
      {view === "claims" ? (
        <DataGrid label="Rakeback claims" columns={claimColumns} queryOptions={rakebackClaimsQueryOptions} filters={applied} getRowId={(r) => r.guid} pageSize={25} emptyTitle="No claims" emptyMessage="Nobody has claimed rakeback for these filters." />
      ) : null}
    </div>
  );
}
