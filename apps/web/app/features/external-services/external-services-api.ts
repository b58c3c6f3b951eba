import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ExternalServicesConfig } from "@croupier/contract/entities/external-services-config";
import type { Payment } from "@croupier/contract/entities/payment";
import { playerApi } from "../../lib/player-api";

/** GET /workspace/external-services: what the operator configured (an absent key is off). */
export async function fetchExternalServices(signal?: AbortSignal): Promise<ExternalServicesConfig> {
  return (await playerApi().get<ExternalServicesConfig>("/api/v1/workspace/external-services", { signal })).payload;
}

export const externalServicesQueryOptions = () =>
  queryOptions({
    queryKey: ["external-services", "config"] as const,
    queryFn: ({ signal }) => fetchExternalServices(signal),
    // Settings for the tab's life; a failure leaves every service off.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** Asked only once the player allowed something: a visitor who refused all never asks. */
export function useExternalServicesConfig(enabled: boolean) {
  return useQuery({ ...externalServicesQueryOptions(), enabled });
}

/** The live chat's has_deposit (seed): one successful payment on page 1 of 1; a failure counts as none. */
export async function fetchHasDeposit(signal?: AbortSignal): Promise<boolean> {
  try {
    const { payload } = await playerApi().get<Payment[]>("/api/v1/payments", { query: { page: 1, per_page: 1, status: "successful" }, signal });
    return payload.length > 0;
  } catch {
    return false;
  }
}

export const hasDepositQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ["external-services", "has-deposit", userId] as const,
    queryFn: ({ signal }) => fetchHasDeposit(signal),
    enabled: userId !== null,
  });

export function useHasDeposit(userId: string | null) {
  return useQuery(hasDepositQueryOptions(userId));
}
