import type { QueryClient } from "@tanstack/react-query";
import type { Wallet } from "@croupier/contract/entities/wallet";
import { playerApi } from "../../lib/player-api";
import { upsertCreatedWallet } from "./wallet-state";
import { walletsKey } from "./wallet-keys";

/** GET /billing/wallet with set_active 'true': the wallet in that currency, created if absent, now the active one. */
export async function createWalletRequest(currencyGuid: string): Promise<Wallet> {
  return (
    await playerApi().get<Wallet>("/api/v1/billing/wallet", { query: { currency_guid: currencyGuid, set_active: "true" } })
  ).payload;
}

/** Creates (or fetches) the wallet and puts it into the player's cached list as the active one. Failures are logged and rethrown. */
export async function createWallet(
  queryClient: QueryClient,
  userId: string | null,
  currencyGuid: string,
): Promise<Wallet> {
  try {
    const wallet = await createWalletRequest(currencyGuid);
    queryClient.setQueryData<Wallet[]>(walletsKey(userId), (wallets) => upsertCreatedWallet(wallets ?? [], wallet));
    return wallet;
  } catch (error) {
    console.warn("wallet creation failed", error);
    throw error;
  }
}
