import { queryOptions } from "@tanstack/react-query";
import { playerLedgerPage, type PlayerLedgerPage } from "@croupier/contract/backoffice/players";
import type { GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";
import { playerQueryKey } from "./load-player";

export type PlayerLedgerFilters = { playerId: string };

/** GET /players/:id/ledger: the player's ledger transfers, newest first. */
export async function listPlayerLedger(
  p: GridParams<PlayerLedgerFilters>,
  signal?: AbortSignal,
): Promise<PlayerLedgerPage> {
  const query = { limit: p.limit, cursor: p.cursor ?? undefined };
  const url = `/players/${encodeURIComponent(p.filters.playerId)}/ledger`;
  return (await staffApi().get(url, { query, signal, schema: playerLedgerPage })).payload;
}

export const playerLedgerQueryOptions = (p: GridParams<PlayerLedgerFilters>) =>
  queryOptions({
    queryKey: [...playerQueryKey(p.filters.playerId), "ledger", p],
    queryFn: ({ signal }) => listPlayerLedger(p, signal),
  });
