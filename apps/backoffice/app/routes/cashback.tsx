import { PageHeader } from "../components/page-header";
import { CashbackCampaignsTable } from "../features/cashback/cashback-campaigns-table";

/** Cashback: the cashback campaigns, their running periods and runs. */
export default function CashbackPage() {
  return (
    <>
      <PageHeader
        title="Cashback"
        description="Each cashback campaign pays its percent of every player's net cash loss per period (bets minus wins and refunds; bonus money does not count). Periods follow one another with no gap or overlap; closing one now starts the next at once."
      />
      <CashbackCampaignsTable />
    </>
  );
}
