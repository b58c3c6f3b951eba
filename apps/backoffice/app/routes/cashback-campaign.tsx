import { Link, useParams } from "react-router";
import { PageHeader } from "../components/page-header";
import { CashbackRunsGrid } from "../features/cashback/cashback-runs-grid";
import { ClosePeriodButton } from "../features/cashback/close-period-dialog";
import { useCashbackCampaigns } from "../features/cashback/list-cashback-campaigns";

/** One cashback campaign's runs, with "close the period now". */
export default function CashbackCampaignPage() {
  const { id = "" } = useParams();
  const campaigns = useCashbackCampaigns();
  const campaign = campaigns.data?.find((c) => c.bonus_guid === id);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/cashback" className="text-sky-700 underline-offset-2 hover:underline">
          ← Cashback
        </Link>
      </p>
      <PageHeader
        title={campaign ? `Cashback runs: ${campaign.bonus_name}` : "Cashback runs"}
        description="One run per closed period: who played with cash, who was paid and how much. A run pays within a minute of its period's end."
        actions={campaign ? <ClosePeriodButton campaign={campaign} /> : null}
      />
      <CashbackRunsGrid bonusGuid={id} />
    </>
  );
}
