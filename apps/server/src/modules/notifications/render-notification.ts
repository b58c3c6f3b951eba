import type { NotificationKind } from "@croupier/contract/entities/notifications";

export type RenderedNotification = { title: string; body: string };

const LIMIT_NAMES: Record<string, string> = {
  deposit: "deposit limit",
  loss: "loss limit",
  wager: "wager limit",
  session_time: "session time limit",
};
const PERIOD_NAMES: Record<string, string> = { day: "daily", week: "weekly", month: "monthly" };
const DOCUMENT_NAMES: Record<string, string> = {
  passport: "passport",
  national_id: "national ID card",
  driving_licence: "driving licence",
  proof_of_address: "proof of address",
  payment_method: "payment method proof",
  payment_method_proof: "payment method proof",
  selfie: "selfie",
};

const money = (params: Record<string, string>) =>
  params.amount && params.currency ? `${params.amount} ${params.currency}` : (params.amount ?? "");

const limitName = (params: Record<string, string>) => {
  const limit = LIMIT_NAMES[params.limit_type ?? ""] ?? "limit";
  const period = PERIOD_NAMES[params.period ?? ""];
  return period ? `${period} ${limit}` : limit;
};

const documentName = (params: Record<string, string>) =>
  DOCUMENT_NAMES[params.document_type ?? ""] ?? params.document_type?.replace(/_/g, " ") ?? "document";

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The one place a notification's text comes from: kind and params in, title and body out. The list
 * renders stored rows through it, so a wording change reaches old notifications too, and a mail or
 * the history page can reuse it. A missing param degrades the sentence, never the notification.
 */
export function renderNotification(kind: NotificationKind, params: Record<string, string>): RenderedNotification {
  switch (kind) {
    case "deposit_settled":
      return { title: "Deposit received", body: `Your deposit of ${money(params) || "money"} is in your balance.` };
    case "withdrawal_paid":
      return { title: "Withdrawal paid", body: `Your withdrawal of ${money(params) || "money"} has been paid out.` };
    case "withdrawal_declined":
      return {
        title: "Withdrawal declined",
        body:
          `Your withdrawal of ${money(params) || "money"} was declined and the money is back in your balance.` +
          (params.reason ? ` Reason: ${params.reason}` : ""),
      };
    case "document_approved":
      return { title: "Document approved", body: `Your ${documentName(params)} was approved.` };
    case "document_rejected":
      return {
        title: "Document rejected",
        body:
          `Your ${documentName(params)} was rejected.` +
          (params.comment ? ` ${params.comment}` : " Please upload it again."),
      };
    case "limit_change_effective": {
      const amount = money(params);
      return {
        title: "Limit changed",
        body: amount ? `Your ${limitName(params)} is now ${amount}.` : `Your ${limitName(params)} has been removed.`,
      };
    }
    case "limit_increase_ready":
      return {
        title: "Limit change ready to confirm",
        body: `The 24-hour cooling-off is over: confirm your new ${limitName(params)}${money(params) ? ` of ${money(params)}` : ""} to apply it.`,
      };
    case "bonus_granted": {
      const spins = Number(params.free_spins ?? "0") > 0 ? `${params.free_spins} free spins` : "";
      const what = [spins, /[1-9]/.test(params.amount ?? "") ? money(params) : ""].filter(Boolean).join(" and ");
      return {
        title: "New bonus",
        body: `${params.bonus_name || "A bonus"}${what ? ` (${what})` : ""} is waiting for you in My bonuses.`,
      };
    }
  }
  // Unknown kinds (a row written by a newer server) still show something.
  return { title: capitalise(String(kind).replace(/_/g, " ")), body: "" };
}
