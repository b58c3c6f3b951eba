import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { paymentSegmentOption, type PaymentSegmentOption } from "@croupier/contract/backoffice/segments";
import { staffApi } from "../../lib/staff-api";

/** GET /payment-segments: the link picker's options. */
export async function listPaymentSegments(signal?: AbortSignal): Promise<PaymentSegmentOption[]> {
  return (await staffApi().get("/payment-segments", { signal, schema: z.array(paymentSegmentOption) })).payload;
}

export const paymentSegmentsQueryOptions = () =>
  queryOptions({
    queryKey: ["backoffice", "payment-segments"],
    queryFn: ({ signal }) => listPaymentSegments(signal),
    staleTime: 60_000,
  });
export const usePaymentSegments = () => useQuery(paymentSegmentsQueryOptions());
