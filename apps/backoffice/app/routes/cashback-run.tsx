import { useParams } from "react-router";
import { PageHeader } from "../components/page-header";
import { CashbackPayoutsGrid } from "../features/cashback/cashback-payouts-grid";

/** One cashback run's payouts, one per wallet that played with cash in the period. */
export default function CashbackRunPage() {
  const { runId = "" } = useParams();
  return (
    <>
      <PageHeader
        title="Cashback payouts"
        description="Per wallet: cash staked, cash won and refunded, the net loss and the cashback granted; when nothing was paid, why (no loss, an exclusion, not in the campaign's segments…)."
      />
      <CashbackPayoutsGrid runGuid={runId} />
    </>
  );
}
