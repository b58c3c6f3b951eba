import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BillingTransaction } from "@croupier/contract/entities/billing";
import { playerApi } from "../../lib/player-api";

export type SavedAddress = { address: string; network: string; currency_guid: string };
const LOOK_BACK = 50;

/** Crypto addresses the player withdrew to before, newest first, one entry per address and network. */
export function addressesFrom(transactions: readonly Pick<BillingTransaction, "operation_type" | "external_account" | "network" | "currency_guid">[]): SavedAddress[] {
  const seen = new Set<string>();
  const out: SavedAddress[] = [];
  for (const t of transactions) {
    if (t.operation_type !== "withdrawal" || !t.external_account || !t.network) continue;
    const key = `${t.currency_guid}|${t.network}|${t.external_account}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ address: t.external_account, network: t.network, currency_guid: t.currency_guid });
  }
  return out;
}

/** GET /billing/transactions (the last 50): where the player sent crypto before. */
export async function fetchRecentAddresses(signal?: AbortSignal): Promise<SavedAddress[]> {
  const { payload } = await playerApi().get<BillingTransaction[]>("/api/v1/billing/transactions", { query: { page: 1, per_page: LOOK_BACK }, signal });
  return addressesFrom(payload);
}

export const recentAddressesQueryOptions = (userId: string | null, enabled: boolean) =>
  queryOptions({ queryKey: ["payments", "addresses", userId] as const, queryFn: ({ signal }) => fetchRecentAddresses(signal), enabled: enabled && userId !== null });

export function useRecentAddresses(userId: string | null, enabled: boolean) {
  return useQuery(recentAddressesQueryOptions(userId, enabled));
}
