import { queryOptions, useQuery } from "@tanstack/react-query";
import { playerWallet, type PlayerWallet } from "@croupier/contract/backoffice/players";
import { z } from "zod";
import { staffApi } from "../../lib/staff-api";

const walletsOnly = z.object({ wallets: z.array(playerWallet) });

/** GET /players/:id, read for its wallets only (the payout picks one); under the player's key, so a page refresh renews it. */
export async function loadPlayerWallets(playerId: string, signal?: AbortSignal): Promise<PlayerWallet[]> {
  return (await staffApi().get(`/players/${encodeURIComponent(playerId)}`, { signal, schema: walletsOnly })).payload
    .wallets;
}

export const playerWalletsQueryOptions = (playerId: string) =>
  queryOptions({
    queryKey: ["backoffice", "player", playerId, "wallets-for-payout"],
    queryFn: ({ signal }) => loadPlayerWallets(playerId, signal),
  });

export const usePlayerWallets = (playerId: string) => useQuery(playerWalletsQueryOptions(playerId));
