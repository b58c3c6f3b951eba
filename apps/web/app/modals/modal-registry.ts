import type { ComponentType } from "react";
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
});
