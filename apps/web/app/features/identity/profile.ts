import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Profile } from "@croupier/contract/entities/profile";
import { useRouteLoaderData } from "react-router";
import { useAuth } from "../../lib/use-auth";
import { playerApi } from "../../lib/player-api";

export const profileKey = (userId: string | null) => ["identity", "profile", userId] as const;

/** GET /profile. */
export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return (await playerApi().get<Profile>("/api/v1/profile", { signal })).payload;
}

export const profileQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: profileKey(userId), queryFn: ({ signal }) => fetchProfile(signal), enabled: userId !== null });

type RootIdentity = { userId?: string | null; profile?: Profile | null } | undefined;

/** The logged-in player's profile; the server's copy from the page load paints the header at once. */
export function useProfile() {
  const { authenticated, userId } = useAuth();
  const root = useRouteLoaderData("root") as RootIdentity;
  const initial = root?.profile && root.userId === userId ? root.profile : undefined;
  return useQuery({ ...profileQueryOptions(authenticated ? userId : null), initialData: initial });
}

/** "Ada Lovelace", else the email, for the header. */
export function displayName(profile: Pick<Profile, "first_name" | "last_name" | "email">): string {
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(" ").trim();
  return name || profile.email;
}

export type EditableField = "first_name" | "last_name" | "birthday" | "gender" | "city" | "address" | "post_code" | "opt_in_promo" | "phone";
export type FieldValue = string | boolean | { code: string; number: string } | null;

const PHONE_CODE = /^\d{1,4}$/;
const PHONE_NUMBER = /^\d{4,15}$/;

/** A date input's "YYYY-MM-DD" (or any date) as the UTC ISO datetime the server stores. */
export function birthdayToUtcIso(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? new Date(`${trimmed}T00:00:00.000Z`) : new Date(trimmed);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const textOrNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/**
 * The body of one field's save: the spec sends first_name, last_name, birthday, gender, city,
 * address, post_code, opt_in_promo, phone, pwa_installed and pwa_opened as they are, plus the
 * changed field. A stored phone the server would no longer accept (old one-string format) is left out.
 */
export function buildProfileSave(profile: Profile, field: EditableField, value: FieldValue): Record<string, unknown> {
  const body: Record<string, unknown> = {
    first_name: textOrNull(profile.first_name),
    last_name: textOrNull(profile.last_name),
    birthday: profile.birthday ? birthdayToUtcIso(profile.birthday) : null,
    gender: profile.gender,
    city: profile.city,
    address: profile.address,
    post_code: profile.post_code,
    opt_in_promo: profile.opt_in_promo,
    pwa_installed: profile.pwa_installed,
    pwa_opened: profile.pwa_opened,
  };
  if (profile.phone && PHONE_CODE.test(profile.phone.code) && PHONE_NUMBER.test(profile.phone.number)) body.phone = profile.phone;
  if (field === "birthday") body.birthday = typeof value === "string" ? birthdayToUtcIso(value) : null;
  else if (field === "opt_in_promo") body.opt_in_promo = value === true;
  else if (field === "phone") body.phone = value && typeof value === "object" && (value.code || value.number) ? value : null;
  else body[field] = typeof value === "string" ? textOrNull(value) : value;
  return body;
}

/** POST /profile (partial save); resolves with the saved profile. */
export async function saveProfile(body: Record<string, unknown>): Promise<Profile> {
  return (await playerApi().post<Profile>("/api/v1/profile", { body })).payload;
}
