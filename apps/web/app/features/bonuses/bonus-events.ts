import type { QueryClient } from "@tanstack/react-query";
import type { RealtimeEventPayload } from "@croupier/contract/realtime-events";
import { wasBonusAnnounced } from "../../lib/announced-bonuses";
import { toastError, toastSuccess } from "../../lib/toasts";
import { formatBonusMoney } from "./bonus-display";
import { refetchBonuses } from "./bonuses-api";

export type BonusStatusEvent = RealtimeEventPayload<"bonus_status_changed">;

export type BonusToast = { tone: "success" | "error"; text: string };

/**
 * The toast a bonus event deserves, or null (progress milestones and finished spins only refresh
 * the pages). `currencyCode` names the event's currency for the completion amount.
 */
export function bonusEventToast(event: BonusStatusEvent, currencyCode: string): BonusToast | null {
  const name = event.bonus_name;
  switch (event.event) {
    case "granted":
      return { tone: "success", text: `You have a new bonus: ${name}` };
    case "activated":
      return { tone: "success", text: `Your bonus is active: ${name}` };
    case "completed":
      return { tone: "success", text: `Bonus complete: ${formatBonusMoney(event.converted_amount ?? "0", currencyCode)} moved to your cash balance` };
    case "expired":
      return { tone: "error", text: `Your bonus has expired: ${name}` };
    case "lost":
      return { tone: "error", text: `Your bonus has ended: its balance ran out (${name})` };
    case "cancelled":
      return { tone: "error", text: `Your bonus was cancelled: ${name}` };
    case "progress":
    case "spins_finished":
      return null;
  }
}

// The player's own activate/cancel already says what happened on the page; the same change coming
// back over the socket a moment later should not toast twice.
const OWN_ACTION_MS = 30_000;
const ownActions = new Map<string, number>();

export function noteOwnBonusAction(customerBonusGuid: string, event: "activated" | "cancelled") {
  ownActions.set(`${customerBonusGuid}:${event}`, Date.now() + OWN_ACTION_MS);
}

function isOwnAction(event: BonusStatusEvent): boolean {
  const key = `${event.customer_bonus_guid}:${event.event}`;
  const until = ownActions.get(key);
  if (until === undefined) return false;
  ownActions.delete(key);
  return until >= Date.now();
}

function show(toast: BonusToast) {
  if (toast.tone === "success") toastSuccess(toast.text);
  else toastError(toast.text);
}

// An auto-activated grant arrives as "granted" then "activated" in the same breath: the grant's toast
// waits this long for its activation and the two become one.
export const GRANT_TOAST_WAIT_MS = 1500;
const pendingGrants = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * bonus_status_changed: the bonus pages read again, and the player hears what changed. A new bonus the
 * page itself just announced (lib/announced-bonuses: the promo-code form's toast) is not announced
 * again, nor its activation arriving with it; checked when the grant's toast is due, so the page's
 * answer may come a moment after the event.
 */
export function handleBonusStatusChanged(queryClient: QueryClient, event: BonusStatusEvent, currencyCode: string) {
  void refetchBonuses(queryClient);
  if (isOwnAction(event)) return;
  const toast = bonusEventToast(event, currencyCode);
  if (!toast) return;
  const guid = event.customer_bonus_guid;
  if (event.event === "granted") {
    clearTimeout(pendingGrants.get(guid));
    pendingGrants.set(
      guid,
      setTimeout(() => {
        pendingGrants.delete(guid);
        if (!wasBonusAnnounced(guid)) show(toast);
      }, GRANT_TOAST_WAIT_MS),
    );
    return;
  }
  const grant = pendingGrants.get(guid);
  if (event.event === "activated" && grant !== undefined) {
    clearTimeout(grant);
    pendingGrants.delete(guid);
    if (wasBonusAnnounced(guid)) return;
    show({ tone: "success", text: `You have a new bonus: ${event.bonus_name}. It is active now.` });
    return;
  }
  show(toast);
}
