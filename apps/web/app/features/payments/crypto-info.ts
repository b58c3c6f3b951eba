import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PaymentInfo } from "@croupier/contract/entities/billing";
import { playerApi } from "../../lib/player-api";

/** GET /billing/psp/info/{psp_name}: the player's deposit address (and tag) for a currency and network. */
export async function fetchPaymentInfo(pspName: string, currencyGuid: string, network: string | null, signal?: AbortSignal): Promise<PaymentInfo> {
  const { payload } = await playerApi().get<PaymentInfo>(`/api/v1/billing/psp/info/${encodeURIComponent(pspName)}`, {
    query: { currency_guid: currencyGuid, network: network ?? undefined },
    signal,
  });
  return payload;
}

export const paymentInfoQueryOptions = (pspName: string, currencyGuid: string, network: string | null) =>
  queryOptions({
    queryKey: ["payments", "psp-info", pspName, currencyGuid, network] as const,
    queryFn: ({ signal }) => fetchPaymentInfo(pspName, currencyGuid, network, signal),
    // An address never changes for a wallet and network.
    staleTime: Infinity,
    retry: false,
  });

export function usePaymentInfo(pspName: string, currencyGuid: string, network: string | null) {
  return useQuery(paymentInfoQueryOptions(pspName, currencyGuid, network));
}

/** The sandbox provider's page that sends a test transfer to this address. */
export function simulateTransferUrl(address: string, destinationTag: string | null): string {
  const params = new URLSearchParams({ address });
  if (destinationTag) params.set("tag", destinationTag);
  return `/sandbox-psp/crypto?${params}`;
}
