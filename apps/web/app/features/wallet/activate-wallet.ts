import type { Wallet } from "@croupier/contract/entities/wallet";
import { walletApi } from "./wallet-api";

/** PATCH /billing/wallet/activate: the server's copy of the now active wallet. */
export async function activateWalletRequest(walletGuid: string): Promise<Wallet> {
  return (await walletApi().patch<Wallet>("/billing/wallet/activate", { body: { wallet_guid: walletGuid } })).payload;
}
