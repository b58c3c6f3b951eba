export type RenderedHistoryEntry = { title: string; description: string };

const LIMIT_NAMES: Record<string, string> = {
  deposit: "Deposit limit",
  loss: "Loss limit",
  wager: "Wager limit",
  session_time: "Session time limit",
};
const PERIOD_NAMES: Record<string, string> = { day: "daily", week: "weekly", month: "monthly" };
const DOCUMENT_NAMES: Record<string, string> = {
  passport: "Passport",
  national_id: "National ID card",
  driving_licence: "Driving licence",
  proof_of_address: "Proof of address",
  payment_method: "Payment method proof",
  selfie: "Selfie",
};
const PERIODS: Record<string, string> = {
  "24h": "24 hours",
  "1w": "1 week",
  "1m": "1 month",
  "6w": "6 weeks",
  "6m": "6 months",
  "1y": "1 year",
  "2y": "2 years",
  "5y": "5 years",
};
const LIMIT_ACTIONS: Record<string, string> = {
  limit_set: "set",
  limit_decreased: "lowered",
  limit_increase_requested: "increase requested",
  limit_removal_requested: "removal requested",
  limit_increase_confirmed: "increase confirmed",
  limit_removal_confirmed: "removed",
  limit_pending_cancelled: "pending change cancelled",
};

const date = (value: string | undefined) => (value ? value.slice(0, 10) : "");

function limitValue(details: Record<string, string>, side: "old" | "new"): string {
  const minutes = details[`${side}_minutes`];
  if (minutes) return `${minutes} min`;
  const amount = details[`${side}_amount`];
  return amount ? `${amount}${details.currency ? ` ${details.currency}` : ""}` : "";
}

/** One history entry's text, from its action and details (server side, like the notifications' text). */
export function renderHistoryEntry(action: string, details: Record<string, string>): RenderedHistoryEntry {
  if (action === "login") {
    const device = [details.browser, details.os, details.device].filter(Boolean).join(", ");
    const where = [details.ip, details.country].filter(Boolean).join(", ");
    return { title: "Logged in", description: [device, where].filter(Boolean).join(" · ") };
  }
  if (action === "password_changed") return { title: "Password changed", description: "" };
  if (action === "email_changed") return { title: "Email address changed", description: "" };
  if (action === "phone_changed") return { title: "Phone number changed", description: "" };
  if (action === "phone_verified") return { title: "Phone number verified", description: "" };
  if (action.startsWith("limit_")) {
    const period = PERIOD_NAMES[details.period ?? ""];
    const name = LIMIT_NAMES[details.limit_type ?? ""] ?? "Limit";
    const title = `${period ? `${name} (${period})` : name} ${LIMIT_ACTIONS[action] ?? action.slice(6).replace(/_/g, " ")}`;
    const from = limitValue(details, "old");
    const to = limitValue(details, "new");
    const change = from && to ? `${from} → ${to}` : to || (from ? `was ${from}` : "");
    const effective = action.endsWith("_requested") && details.effective_at ? `from ${date(details.effective_at)}` : "";
    const staff = details.by_staff === "true" ? "by our team" : "";
    return { title, description: [change, effective, staff].filter(Boolean).join(" · ") };
  }
  if (action === "exclusion_ended") return { title: "Exclusion ended by our team", description: "" };
  if (action.startsWith("exclusion_")) {
    const title =
      action === "exclusion_time_out"
        ? "Time-out"
        : action === "exclusion_self_exclusion"
          ? "Self-exclusion"
          : "Account excluded by our team";
    const period = PERIODS[details.period ?? ""];
    const until = details.ends_at ? `until ${date(details.ends_at)}` : "until further notice";
    return { title, description: [period, until].filter(Boolean).join(" · ") };
  }
  if (action.startsWith("document_")) {
    const name = DOCUMENT_NAMES[details.document_type ?? ""] ?? "Document";
    const verb =
      action === "document_uploaded"
        ? "uploaded"
        : action === "document_approved"
          ? "approved"
          : action === "document_rejected"
            ? "rejected"
            : action.slice(9);
    return { title: `${name} ${verb}`, description: [details.file_name, details.comment].filter(Boolean).join(" · ") };
  }
  return { title: action.replace(/_/g, " "), description: "" };
}
