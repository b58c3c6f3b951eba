import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BillingTransaction, DepositResult } from "@croupier/contract/entities/billing";
import { playerApi } from "../../lib/player-api";
import { newIdempotencyKey } from "./payments-api";

/** Where the provider's page sends the player back (the server adds transaction_guid). */
export const DEPOSIT_RETURN_PATH = "/account/wallets/deposit?status=success";
export const DEPOSIT_DECLINED_PATH = "/account/wallets/deposit?status=declined";

/**
 * POST /billing/deposit: a pending deposit and the provider's hosted card page to go to.
 * bonusGuid: the deposit offer the player chose (a campaign's bonus_guid), null for "no bonus",
 * undefined to leave it to the server's default offer; applied when the deposit settles.
 */
export async function startCardDeposit(input: {
  amount: string;
  currencyGuid: string;
  pspGuid: string;
  idempotencyKey?: string;
  bonusGuid?: string | null;
}): Promise<DepositResult> {
  const { payload } = await playerApi().post<DepositResult>("/api/v1/billing/deposit", {
    body: {
      amount: input.amount,
      currency_guid: input.currencyGuid,
      psp_guid: input.pspGuid,
      return_url: DEPOSIT_RETURN_PATH,
      declined_url: DEPOSIT_DECLINED_PATH,
      ...(input.bonusGuid !== undefined ? { bonus_guid: input.bonusGuid } : {}),
    },
    headers: { "idempotency-key": input.idempotencyKey ?? newIdempotencyKey() },
  });
  return payload;
}

/** GET /billing/transactions?guid=: one of the player's payments, or null when it is not theirs. */
export async function fetchTransaction(guid: string, signal?: AbortSignal): Promise<BillingTransaction | null> {
  const { payload } = await playerApi().get<BillingTransaction[]>("/api/v1/billing/transactions", { query: { guid, page: 1, per_page: 1 }, signal });
  return payload[0] ?? null;
}

/** While a payment is pending, how often its status is asked again. */
export const STATUS_POLL_MS = 1500;
/** After this long the page stops asking and tells the player it is still being processed. */
export const STATUS_POLL_LIMIT_MS = 120_000;

export const transactionQueryOptions = (guid: string | null) =>
  queryOptions({
    queryKey: ["payments", "transaction", guid] as const,
    queryFn: ({ signal }) => fetchTransaction(guid ?? "", signal),
    enabled: guid !== null,
    staleTime: 0,
  });

/** The returned-to payment, asked again while it is pending (for at most two minutes). */
export function useTransactionStatus(guid: string | null) {
  return useQuery({
    ...transactionQueryOptions(guid),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data && data.status !== "pending") return false;
      if (query.state.dataUpdateCount * STATUS_POLL_MS > STATUS_POLL_LIMIT_MS) return false;
      return STATUS_POLL_MS;
    },
  });
}
