import type { ComponentType } from "react";
import { ordinal } from "@croupier/contract/ordinal";
import type { ModalContentProps } from "./modal-content-props";

export type ModalDefinition = {
  /** The dialog's accessible name (login and bonus-info1 have fixed titles in the spec). */
  title: string;
  description?: string;
  /** Max width in px (promo pop-ups: 983, deposit success: 729). */
  width?: number;
  /** Only for a logged-in player (deposit). Visitors never see it. */
  authOnly?: boolean;
  load: () => Promise<{ default: ComponentType<ModalContentProps> }>;
};

export type ModalRegistry = {
  has: (name: string) => boolean;
  get: (name: string) => ModalDefinition | undefined;
};

/** A registry from named entries plus pattern entries (bonus-info1, bonus-info2, …). */
export function createModalRegistry(
  named: Record<string, ModalDefinition>,
  patterns: Array<{ pattern: RegExp; definition: (name: string) => ModalDefinition }> = [],
): ModalRegistry {
  const get = (name: string) => {
    if (Object.hasOwn(named, name)) return named[name];
    const match = patterns.find((entry) => entry.pattern.test(name));
    return match?.definition(name);
  };
  return { has: (name) => get(name) !== undefined, get };
}

/**
 * The app's dialogs, opened by ?modal=<name>. Each later feature adds its entry here with a lazy
 * `load` so the dialog's code is fetched only when opened:
 * login, register, forgotPassword, forgotPassword2, otp, setNewPassword, deposit (authOnly),
 * search, approveEmail, and the pattern /^bonus-info\d+$/.
 * Values without an entry are unknown and ignored.
 */
export const appModalRegistry = createModalRegistry({
  // Identity (the login dialog's title is fixed by the spec).
  login: { title: "Log in", load: () => import("./login-modal") },
  register: { title: "Create your account", width: 520, load: () => import("./register-modal") },
  forgotPassword: { title: "Forgot your password?", load: () => import("./forgot-password-modal") },
  forgotPassword2: { title: "Check your email", load: () => import("./forgot-password-sent-modal") },
  otp: { title: "Log in with a one-time code", load: () => import("./otp-modal") },
  setNewPassword: { title: "Choose a new password", load: () => import("./set-new-password-modal") },
  approveEmail: { title: "Confirm your email address", load: () => import("./approve-email-modal") },
  // Payments: the panel itself tells a player without an active wallet how to add one.
  deposit: { title: "Deposit", width: 600, authOnly: true, load: () => import("./deposit-modal") },
  // Catalogue: on phones and tablets the sidebar drawer takes ?modal=search instead (features/catalog/sidebar-search).
  search: { title: "Search games", width: 640, load: () => import("./search-modal") },
}, [
  // Bonuses: bonus-info{n} is the n-th deposit's offer (bonus-info1, the welcome offer, has the
  // spec's fixed title); ?bonus_guid= names the offer exactly, and 0 is an offer with no deposit.
  { pattern: /^bonus-info\d+$/, definition: (name) => bonusInfoDefinition(name) },
]);

// One definition object per name: the dialog keys its lazy content on the definition, so a new
// object on every render would remount the content (and refetch the offer) each time.
const bonusInfoDefinitions = new Map<string, ModalDefinition>();
const loadBonusInfo = () => import("./bonus-info-modal");

function bonusInfoDefinition(name: string): ModalDefinition {
  let definition = bonusInfoDefinitions.get(name);
  if (!definition) {
    if (bonusInfoDefinitions.size >= 20) bonusInfoDefinitions.clear();
    definition = { title: bonusInfoTitle(name), width: 640, load: loadBonusInfo };
    bonusInfoDefinitions.set(name, definition);
  }
  return definition;
}

/** "Welcome bonus" for bonus-info1 (fixed), "2nd deposit bonus" for bonus-info2, "Bonus terms" for bonus-info0. */
export function bonusInfoTitle(name: string): string {
  const n = Number(name.slice("bonus-info".length));
  if (n === 1) return "Welcome bonus";
  return Number.isSafeInteger(n) && n > 1 ? `${ordinal(n)} deposit bonus` : "Bonus terms";
}
