import { ResponseError } from "@croupier/contract/api-client";
import { Link, useNavigate, useParams } from "react-router";
import { Button } from "../components/button";
import { PageHeader } from "../components/page-header";
import { EmptyState, ErrorState, LoadingBlock } from "../components/states";
import { useBonusLabels } from "../features/bonuses/bonus-labels-api";
import { formFromVersion, TYPE_LABELS } from "../features/bonuses/campaign-form";
import { CampaignPreview } from "../features/bonuses/campaign-preview";
import { CampaignStats } from "../features/bonuses/campaign-stats";
import { CampaignStatusActions } from "../features/bonuses/campaign-status-actions";
import { CampaignStatusBadge } from "../features/bonuses/campaign-status-badge";
import { triggerText } from "../features/bonuses/campaigns-list";
import { useCampaign } from "../features/bonuses/load-campaign";
import { VersionHistory } from "../features/bonuses/version-history";
import { formatDateTime } from "../lib/format-date-time";

/** One campaign: status and its actions, what players see, figures, and every version with its changes. */
export default function BonusCampaignPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const campaign = useCampaign(id);
  const labels = useBonusLabels();
  if (campaign.isPending) return <LoadingBlock lines={10} label="Loading the campaign" />;
  if (campaign.isError) {
    if (campaign.error instanceof ResponseError && (campaign.error.status === 404 || campaign.error.status === 400))
      return (
        <EmptyState title="No such campaign">
          <Link to="/bonuses" className="text-indigo-700 underline">
            Back to the campaigns
          </Link>
        </EmptyState>
      );
    return (
      <ErrorState
        error={campaign.error}
        title="The campaign could not be loaded."
        onRetry={() => void campaign.refetch()}
      />
    );
  }
  const data = campaign.data;
  const { current } = data;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/bonuses" className="text-indigo-700 hover:underline">
          ← Bonus campaigns
        </Link>
      </p>
      <PageHeader
        title={current.bonus_name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <CampaignStatusBadge status={data.status} />
            <span>
              Version {current.version} · {TYPE_LABELS[current.bonus_type]} · {triggerText(current)}
            </span>
            <span>
              {current.start_date ? `From ${formatDateTime(current.start_date)}` : "No start date"}
              {current.end_date ? ` to ${formatDateTime(current.end_date)}` : ""}
            </span>
          </span>
        }
        actions={
          <>
            {current.bonus_trigger === "promo_code" ? (
              <Button variant="secondary" onClick={() => navigate(`/promo-codes?campaign=${encodeURIComponent(id)}`)}>
                Promo codes
              </Button>
            ) : null}
            {current.bonus_type === "cashback" ? (
              <Button variant="secondary" onClick={() => navigate(`/cashback/${encodeURIComponent(id)}`)}>
                Cashback runs
              </Button>
            ) : null}
            {data.status !== "ended" ? (
              <Button variant="secondary" onClick={() => navigate(`/bonuses/${id}/edit`)}>
                Edit terms
              </Button>
            ) : null}
            <CampaignStatusActions campaign={data} />
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <section aria-labelledby="campaign-stats-title" className="space-y-2">
            <h2 id="campaign-stats-title" className="text-base font-semibold text-slate-900">
              Figures
            </h2>
            <CampaignStats campaign={data} />
          </section>
          <section aria-labelledby="campaign-versions-title" className="space-y-2">
            <h2 id="campaign-versions-title" className="text-base font-semibold text-slate-900">
              Versions
            </h2>
            <VersionHistory versions={data.versions} currentGuid={current.guid} />
          </section>
        </div>
        <aside className="lg:sticky lg:top-4 lg:self-start">
          <CampaignPreview values={formFromVersion(current)} labels={labels.data ?? []} />
        </aside>
      </div>
    </>
  );
}
