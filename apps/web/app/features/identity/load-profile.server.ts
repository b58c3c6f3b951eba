import type { Profile } from "@croupier/contract/entities/profile";
import { apiGet, type Api } from "../../lib/api-get";

/** The player's profile for the first paint; null for visitors or when the access token no longer works. */
export async function loadProfileForPage(api: Api, authenticated: boolean): Promise<Profile | null> {
  if (!authenticated) return null;
  try {
    return await apiGet<Profile>(api, "/api/v1/profile");
  } catch {
    // An expired access token with a live refresh token: the browser refreshes and fetches it.
    return null;
  }
}
