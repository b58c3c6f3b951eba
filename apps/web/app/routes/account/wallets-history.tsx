import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { PageHeader } from "../../components/page-header";
import { PaymentHistoryView } from "../../features/payments/payment-history-view";
import { refetchWallets } from "../../features/wallet/balance-events";
import { useCurrencies } from "../../features/wallet/currencies";
import { useAuth } from "../../lib/use-auth";

export function meta() {
  return [{ title: "Transactions · My account · Croupier" }];
}

export default function WalletsHistory() {
  const { userId } = useAuth();
  const { currencies } = useCurrencies();
  const queryClient = useQueryClient();
  const currencyOf = useCallback((guid: string) => currencies.find((c) => c.guid === guid) ?? null, [currencies]);
  return (
    <>
      <PageHeader title="Transactions" description="Your deposits and withdrawals with their status." />
      <PaymentHistoryView userId={userId} currencyOf={currencyOf} onCancelled={() => void refetchWallets(queryClient)} />
    </>
  );
}
