import type { BillingTransaction } from "@croupier/contract/entities/billing";
import type { Payment } from "@croupier/contract/entities/payment";
import { playerApi } from "../../lib/player-api";

export type WithdrawalRequest = {
  amount: string;
  walletGuid: string;
  pspGuid: string;
  cardGuid?: string;
  externalAccount?: string;
  network?: string;
  destinationTag?: string;
  /** The player confirmed that withdrawing cancels their active bonus and its winnings. */
  forfeitBonus?: boolean;
  /** One per form submission (a retry of the same submission reuses it). */
  idempotencyKey: string;
};

/** POST /billing/withdrawal: the cash is reserved at once; the provider pays it out later. */
export async function requestWithdrawal(input: WithdrawalRequest): Promise<BillingTransaction> {
  const { payload } = await playerApi().post<BillingTransaction>("/api/v1/billing/withdrawal", {
    body: {
      amount: input.amount,
      wallet_guid: input.walletGuid,
      psp_guid: input.pspGuid,
      card_guid: input.cardGuid,
      external_account: input.externalAccount,
      network: input.network,
      destination_tag: input.destinationTag,
      ...(input.forfeitBonus ? { forfeit_bonus: true } : {}),
    },
    headers: { "idempotency-key": input.idempotencyKey },
  });
  return payload;
}

/** PUT /payments/{guid} {status: cancelled}: a pending withdrawal's cash comes back (where the jurisdiction allows). */
export async function cancelPayment(guid: string, idempotencyKey: string): Promise<Payment> {
  const { payload } = await playerApi().put<Payment>(`/api/v1/payments/${encodeURIComponent(guid)}`, {
    body: { status: "cancelled" },
    headers: { "idempotency-key": idempotencyKey },
  });
  return payload;
}
