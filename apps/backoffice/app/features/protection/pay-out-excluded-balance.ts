import { useMutation, useQueryClient } from "@tanstack/react-query";
import { exclusionPayoutResult, type ExclusionPayoutResult } from "@croupier/contract/entities/exclusions";
import { staffApi } from "../../lib/staff-api";

/** POST /players/:id/exclusions/payout {wallet_guid}: the wallet's whole cash to the player's latest saved card. */
export async function payOutExcludedBalance(playerId: string, walletGuid: string): Promise<ExclusionPayoutResult> {
  const url = `/players/${encodeURIComponent(playerId)}/exclusions/payout`;
  return (await staffApi().post(url, { body: { wallet_guid: walletGuid }, schema: exclusionPayoutResult })).payload;
}

export function usePayOutExcludedBalance(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (walletGuid: string) => payOutExcludedBalance(playerId, walletGuid),
    // Wallets, payments and the ledger of the player's page all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["backoffice", "player", playerId] }),
  });
}
