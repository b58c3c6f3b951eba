import { useSearchParams } from "react-router";
import { PageHeader } from "../components/page-header";
import { RakebackTables } from "../features/rakeback/rakeback-tables";

/** Rakeback: balances, accruals and claims per player and campaign (?player=<id> preselects a player). */
export default function RakebackPage() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader
        title="Rakeback"
        description="What rakeback campaigns accrued from real-money stakes (slots and live rates), what players claimed and how it was paid. Campaigns themselves are edited under Bonus campaigns."
      />
      <RakebackTables initialPlayerGuid={params.get("player") ?? ""} />
    </>
  );
}
