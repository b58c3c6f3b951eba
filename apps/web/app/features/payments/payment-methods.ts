import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PaymentMethod } from "@croupier/contract/entities/payment-method";
import { useEffect, useState } from "react";
import { playerApi } from "../../lib/player-api";
import type { PaymentProfile } from "./payment-types";

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The spec: the method fetch waits up to 5 s for the profile's country, then asks without it. */
export const PROFILE_WAIT_MS = 5000;

export type MethodsQuery = { segment_guid?: string[]; country_guid?: string };

/**
 * Which methods to ask for: the profile's billing_segments first; without any, the country's
 * default segment (the server picks gb's or the international one from country_guid). Segment
 * entries that are codes rather than guids are left to the server, which reads the profile.
 */
export function methodsQuery(profile: Pick<PaymentProfile, "billing_segments" | "country_guid"> | null): MethodsQuery {
  if (!profile) return {};
  const segments = profile.billing_segments.filter((segment) => GUID.test(segment)).slice(0, 50);
  if (segments.length > 0) return { segment_guid: segments };
  if (profile.billing_segments.length > 0) return {};
  return profile.country_guid ? { country_guid: profile.country_guid } : {};
}

/** GET /payments/methods. A failure is logged and reads as no methods (the spec's error catalogue). */
export async function fetchPaymentMethods(query: MethodsQuery, signal?: AbortSignal): Promise<PaymentMethod[]> {
  try {
    const { payload } = await playerApi().get<PaymentMethod[]>("/api/v1/payments/methods", {
      query: { segment_guid: query.segment_guid, country_guid: query.country_guid },
      signal,
    });
    return payload;
  } catch (error) {
    console.warn("payment methods failed", error);
    return [];
  }
}

export const paymentMethodsQueryOptions = (userId: string | null, query: MethodsQuery) =>
  queryOptions({
    queryKey: ["payments", "methods", userId, query] as const,
    queryFn: ({ signal }) => fetchPaymentMethods(query, signal),
    enabled: userId !== null,
  });

/** The methods for the player, asked once the profile is known (or after 5 s without it). */
export function usePaymentMethods(userId: string | null, profile: PaymentProfile | null | undefined) {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (profile) return;
    const timer = setTimeout(() => setGaveUp(true), PROFILE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [profile]);
  const ready = Boolean(profile) || gaveUp;
  return useQuery({ ...paymentMethodsQueryOptions(ready ? userId : null, methodsQuery(profile ?? null)) });
}

export type MethodCurrency = PaymentMethod["deposit"]["currencies"][number];
export type MethodOption = { method: PaymentMethod; currency: MethodCurrency; kind: "fiat" | "crypto" };
export type Direction = "deposit" | "withdrawal";

/**
 * The methods the player can use in this direction for the wallet's currency, in the server's
 * order (the section's ordering), each with that currency's limits, quick amounts and networks.
 */
export function methodOptions(methods: readonly PaymentMethod[], currencyGuid: string, direction: Direction): MethodOption[] {
  const options: { option: MethodOption; ordering: number; index: number }[] = [];
  methods.forEach((method, index) => {
    const section = method[direction];
    if (!section.enabled) return;
    const currency = section.currencies.find((item) => item.currency_guid === currencyGuid && item.enabled);
    if (!currency) return;
    options.push({ option: { method, currency, kind: currency.is_crypto ? "crypto" : "fiat" }, ordering: section.ordering, index });
  });
  options.sort((a, b) => a.ordering - b.ordering || a.index - b.index);
  return options.map((entry) => entry.option);
}
