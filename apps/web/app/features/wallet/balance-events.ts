import type { QueryClient } from "@tanstack/react-query";
import type { Currency } from "@croupier/contract/entities/currency";
import type { Wallet } from "@croupier/contract/entities/wallet";
import type { UserBalanceUpdatedEvent } from "@croupier/contract/realtime-client";
import { formatAmount } from "@croupier/contract/money";
import { toastSuccess } from "../../lib/toasts";
import { currenciesKey, walletsKey, walletsRootKey } from "./wallet-keys";
import { applyBalanceEvent } from "./wallet-state";

export const DEPOSIT_OPERATION = "psp_deposit";

/** "Deposit received: 100.00 USD" (amount in the currency's decimals; the raw amount when the currency is unknown). */
export function depositMessage(
  event: Pick<UserBalanceUpdatedEvent, "operation_amount" | "currency_guid">,
  currencies: readonly Currency[] | undefined,
): string {
  const currency = currencies?.find((item) => item.guid === event.currency_guid);
  const amount = currency ? formatAmount(event.operation_amount, currency.decimals) : event.operation_amount;
  return currency ? `Deposit received: ${amount} ${currency.code}` : `Deposit received: ${amount}`;
}

/**
 * user_balance_updated: the matching wallet in the cached list takes the new balances, no
 * refetch. An unknown wallet is only logged. A PSP deposit also shows the deposit notification.
 * Returns whether a wallet was updated.
 */
export function applyBalanceEventToCache(
  queryClient: QueryClient,
  userId: string | null,
  event: UserBalanceUpdatedEvent,
  notify: (message: string) => void = toastSuccess,
): boolean {
  const key = walletsKey(userId);
  const wallets = queryClient.getQueryData<Wallet[]>(key);
  const next = wallets ? applyBalanceEvent(wallets, event) : null;
  if (next) queryClient.setQueryData<Wallet[]>(key, next);
  else console.info("balance update for an unknown wallet", event.wallet_guid);
  if (event.operation_type === DEPOSIT_OPERATION)
    notify(depositMessage(event, queryClient.getQueryData<Currency[]>(currenciesKey)));
  return next !== null;
}

/** After every realtime connection: events sent while no socket was joined are not replayed, so the list is fetched again. */
export function refetchWallets(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: walletsRootKey });
}

/** Logout: no wallet of the previous player stays in memory. */
export function clearWallets(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: walletsRootKey });
}
