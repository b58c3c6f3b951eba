import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Wallet } from "@croupier/contract/entities/wallet";
import { toastSuccess } from "../../lib/toasts";
import { useAuth } from "../../lib/use-auth";
import { activateWalletRequest } from "./activate-wallet";
import { reportWalletError } from "./wallet-api";
import { walletsKey } from "./wallet-keys";
import { activateInList } from "./wallet-state";

type Variables = { walletGuid: string; currencyName: string };

/**
 * Switches the active wallet: marked at once in the cache (optimistic), confirmed by the server,
 * put back on failure (through the general error handler). Success toast for 7 s.
 */
export function useActivateWallet() {
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  const key = walletsKey(userId);
  return useMutation({
    mutationFn: ({ walletGuid }: Variables) => activateWalletRequest(walletGuid),
    onMutate: async ({ walletGuid }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previousActive = queryClient.getQueryData<Wallet[]>(key)?.find((wallet) => wallet.is_active)?.guid ?? null;
      queryClient.setQueryData<Wallet[]>(key, (wallets) => wallets && activateInList(wallets, walletGuid));
      return { previousActive };
    },
    onError: (error, _variables, context) => {
      // Only the active flag is put back: balances that moved meanwhile (realtime) stay.
      const previous = context?.previousActive;
      if (previous) queryClient.setQueryData<Wallet[]>(key, (wallets) => wallets && activateInList(wallets, previous));
      reportWalletError(error);
    },
    onSuccess: (wallet, { currencyName }) => {
      queryClient.setQueryData<Wallet[]>(key, (wallets) => wallets && activateInList(wallets, wallet.guid));
      toastSuccess(`Active wallet switched to ${currencyName}`);
    },
  });
}
