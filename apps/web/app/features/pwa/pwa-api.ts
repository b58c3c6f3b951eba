import type { Profile } from "@croupier/contract/entities/profile";
import { playerApi } from "../../lib/player-api";
import type { PwaFlags } from "./installed-rule";

/** POST /profile with only the app-installed flags (the call takes a partial body). */
export async function savePwaFlags(body: Partial<PwaFlags>): Promise<Profile> {
  return (await playerApi().post<Profile>("/api/v1/profile", { body })).payload;
}
