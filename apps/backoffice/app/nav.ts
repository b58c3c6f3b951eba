import type { StaffPermission } from "@croupier/contract/staff-permissions";

// The console's navigation: ONE line per page. `permissions`: the page shows for a role holding any of
// them (empty: everyone signed in). The Home page lists the same entries with their descriptions.
export type NavEntry = {
  to: string;
  label: string;
  description: string;
  group: "Players" | "Money" | "Content" | "Oversight" | "Administration" | "You";
  permissions: readonly StaffPermission[];
};

export const NAV: readonly NavEntry[] = [
  { to: "/players", label: "Players", description: "Find a player; see their profile, money, games and sessions; lock, unlock, add notes.", group: "Players", permissions: ["players.read"] },
];

export const NAV_GROUPS: readonly NavEntry["group"][] = ["Players", "Money", "Content", "Oversight", "Administration", "You"];
