import type { CampaignDetail } from "@croupier/contract/backoffice/bonuses";

type Status = CampaignDetail["status"];

const TONES: Record<Status, string> = {
  draft: "bg-slate-100 text-slate-700",
  scheduled: "bg-sky-50 text-sky-800",
  active: "bg-emerald-50 text-emerald-800",
  paused: "bg-amber-50 text-amber-800",
  ended: "bg-slate-200 text-slate-600",
};
const LABELS: Record<Status, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  active: "Active",
  paused: "Paused",
  ended: "Ended",
};

export function CampaignStatusBadge({ status }: { status: Status }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[status]}`}>
      {LABELS[status]}
    </span>
  );
}

export const CAMPAIGN_STATUS_LABELS = LABELS;
