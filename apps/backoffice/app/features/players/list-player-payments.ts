import { queryOptions } from "@tanstack/react-query";
import { playerPaymentsPage, type PlayerPaymentsPage } from "@croupier/contract/backoffice/players";
import type { GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";
import { playerQueryKey } from "./load-player";

export type PlayerPaymentsFilters = { playerId: string };

/** GET /players/:id/payments: the player's deposits and withdrawals, newest first. */
export async function listPlayerPayments(
  p: GridParams<PlayerPaymentsFilters>,
  signal?: AbortSignal,
): Promise<PlayerPaymentsPage> {
  const query = { limit: p.limit, cursor: p.cursor ?? undefined };
  const url = `/players/${encodeURIComponent(p.filters.playerId)}/payments`;
  return (await staffApi().get(url, { query, signal, schema: playerPaymentsPage })).payload;
}

export const playerPaymentsQueryOptions = (p: GridParams<PlayerPaymentsFilters>) =>
  queryOptions({
    queryKey: [...playerQueryKey(p.filters.playerId), "payments", p],
    queryFn: ({ signal }) => listPlayerPayments(p, signal),
  });
