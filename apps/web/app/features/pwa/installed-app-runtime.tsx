import type { Profile } from "@croupier/contract/entities/profile";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useRouteLoaderData } from "react-router";
import { useAuth } from "../../lib/use-auth";
import { installedRuleUpdate, isStandaloneDisplay } from "./installed-rule";
import { savePwaFlags } from "./pwa-api";

type RootData = { userId?: string | null; profile?: Profile | null } | undefined;

/**
 * The seed's app-installed rule for the logged-in player: once per player and page load, compares how
 * the page is displayed with the profile's pwa_opened / pwa_installed and saves the difference through
 * the profile call. Renders nothing.
 */
export function InstalledAppRuntime() {
  const { authenticated, userId } = useAuth();
  const root = useRouteLoaderData("root") as RootData;
  const queryClient = useQueryClient();
  const checked = useRef<string | null>(null);
  const profile = root?.profile && root.userId === userId ? root.profile : null;

  useEffect(() => {
    if (!authenticated || !userId || !profile || checked.current === userId) return;
    checked.current = userId;
    const update = installedRuleUpdate(isStandaloneDisplay(), profile);
    if (!update) return;
    savePwaFlags(update)
      // The identity feature's profile query (["identity", "profile", userId]) picks up the saved flags.
      .then(() => queryClient.invalidateQueries({ queryKey: ["identity", "profile"] }))
      // A failed save is tried again at the next page load; the player is not bothered with it.
      .catch(() => undefined);
  }, [authenticated, userId, profile, queryClient]);

  return null;
}
