import type { Wallet } from "@croupier/contract/entities/wallet";
import { playerApi } from "../../lib/player-api";

/** PATCH /billing/wallet/activate: the server's copy of the now active wallet. */
export async function activateWalletRequest(walletGuid: string): Promise<Wallet> {
  return (await playerApi().patch<Wallet>("/api/v1/billing/wallet/activate", { body: { wallet_guid: walletGuid } })).payload;
}
