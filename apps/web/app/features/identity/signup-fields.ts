import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SignupFieldSetting } from "@croupier/contract/entities/profile";
import { playerApi } from "../../lib/player-api";

/** GET /signup/fields. A failure counts as no settings (the form then shows email and password only). */
export async function fetchSignupFields(signal?: AbortSignal): Promise<SignupFieldSetting[]> {
  try {
    const { payload } = await playerApi().get<SignupFieldSetting[]>("/api/v1/signup/fields", { query: { page: 1, per_page: 200 }, signal });
    return Array.isArray(payload) ? payload : [];
  } catch (error) {
    console.warn("signup fields failed; treating them as empty", error);
    return [];
  }
}

export const signupFieldsQueryOptions = () =>
  queryOptions({ queryKey: ["identity-public", "signup-fields"], queryFn: ({ signal }) => fetchSignupFields(signal), staleTime: 10 * 60_000 });

export function useSignupFields() {
  return useQuery(signupFieldsQueryOptions());
}

export type FieldRule = { displayed: boolean; required: boolean };

/** email and password are always shown and required, whatever the settings say. */
export function fieldRule(settings: SignupFieldSetting[], name: string): FieldRule {
  if (name === "email" || name === "password") return { displayed: true, required: true };
  const setting = settings.find((s) => s.field_name === name);
  return setting ? { displayed: setting.is_displayed, required: setting.is_displayed && setting.is_required } : { displayed: false, required: false };
}
