import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastSuccess } from "../../lib/toasts";
import { useAuth } from "../../lib/use-auth";
import { createWallet } from "./create-wallet";

/** The add-wallet action of the wallets page: success toast for 7 s naming the currency. */
export function useCreateWallet() {
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  return useMutation({
    mutationFn: ({ currencyGuid }: { currencyGuid: string; currencyName: string }) =>
      createWallet(queryClient, userId, currencyGuid),
    onSuccess: (_wallet, { currencyName }) => toastSuccess(`Your ${currencyName} wallet is ready and active`),
  });
}
