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
  { to: "/withdrawals", label: "Withdrawals", description: "Review withdrawals with their risk signals; approve the payout or decline and return the money.", group: "Money", permissions: ["withdrawals.read"] },
  { to: "/adjustments", label: "Adjustments", description: "Manual balance credits and debits: approve or reject another's large ones (four eyes), see the history.", group: "Money", permissions: ["adjustments.request"] },
  { to: "/reports", label: "Reports", description: "Deposits, withdrawals, GGR, NGR and players per day, game provider and game, from the ledger; CSV.", group: "Oversight", permissions: ["reports.read"] },
  { to: "/catalog", label: "Catalogue", description: "Enable or disable games and studios, order the lobby, edit game tags.", group: "Content", permissions: ["catalog.manage"] },
  { to: "/bonuses", label: "Bonus campaigns", description: "Create, version, schedule, pause and end bonus offers, with a preview of what players see and their figures.", group: "Content", permissions: ["bonuses.manage"] },
  { to: "/segments", label: "Segments", description: "Player segments by rules or by hand: campaign targeting, payment methods, tags.", group: "Content", permissions: ["bonuses.manage"] },
  { to: "/bonus-labels", label: "Bonus labels", description: "The chips shown on offers in the bonus hub: add, edit, delete.", group: "Content", permissions: ["bonuses.manage"] },
  { to: "/promo-codes", label: "Promo codes", description: "Chosen and generated promo codes of promo-code campaigns: create, generate a batch, export CSV, disable, see who redeemed.", group: "Content", permissions: ["bonuses.manage"] },
  { to: "/rakeback", label: "Rakeback", description: "What rakeback campaigns accrued from stakes and what players claimed, per player and campaign.", group: "Content", permissions: ["bonuses.manage"] },
  { to: "/cashback", label: "Cashback", description: "Cashback campaigns' periods and runs: who was paid how much, and close a period now.", group: "Content", permissions: ["bonuses.manage"] },
  { to: "/loyalty", label: "Loyalty and coins", description: "Loyalty levels, coin mining speeds and period, a player's coins and manual coin adjustments.", group: "Content", permissions: ["bonuses.manage"] },
  { to: "/players", label: "Players", description: "Find a player; see their profile, money, games and sessions; lock, unlock, add notes.", group: "Players", permissions: ["players.read"] },
  { to: "/documents", label: "Documents", description: "Review identity, address and payment documents: view, approve, or reject with a reason the player reads.", group: "Players", permissions: ["documents.review"] },
  { to: "/chat", label: "Live chat", description: "Answer players and visitors: unassigned, mine and closed conversations, canned replies.", group: "Players", permissions: ["chat.read"] },
  { to: "/site-rules", label: "Site rules", description: "Maintenance pages, moved paths and country restrictions of the player site.", group: "Administration", permissions: ["site.manage"] },
  { to: "/audit-log", label: "Audit log", description: "Every staff action and bulk read of personal data, with before and after.", group: "Oversight", permissions: ["audit.read"] },
  { to: "/staff", label: "Staff", description: "Create staff accounts, change roles, disable, reset two-factor.", group: "Administration", permissions: ["staff.manage"] },
  { to: "/account", label: "My account", description: "Your profile and a new set of recovery codes.", group: "You", permissions: [] },
];

export const NAV_GROUPS: readonly NavEntry["group"][] = ["Players", "Money", "Content", "Oversight", "Administration", "You"];
