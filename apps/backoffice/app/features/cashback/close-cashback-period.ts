import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cashbackRunRow, type CashbackRunRow, type ClosePeriodInput } from "@croupier/contract/backoffice/cashback";
import { staffApi } from "../../lib/staff-api";
import { CASHBACK_KEY } from "./list-cashback-campaigns";

/** POST /cashback/campaigns/:bonus_guid/close-period: a run ending now; the job pays it shortly. */
export async function closeCashbackPeriod(bonusGuid: string, body: ClosePeriodInput): Promise<CashbackRunRow> {
  return (
    await staffApi().post(`/cashback/campaigns/${encodeURIComponent(bonusGuid)}/close-period`, { body, schema: cashbackRunRow })
  ).payload;
}

export function useCloseCashbackPeriod(bonusGuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClosePeriodInput) => closeCashbackPeriod(bonusGuid, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CASHBACK_KEY }),
  });
}
