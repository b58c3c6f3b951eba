import { PageHeader } from "../../components/page-header";
import { DashboardView } from "../../features/account-dashboard/dashboard-view";
import { LevelSummary } from "../../features/loyalty/level-summary";

export function meta() {
  return [{ title: "Dashboard · My account · Croupier" }];
}

export default function AccountDashboard() {
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your net position at a glance: deposits minus withdrawals, stakes minus wins."
      />
      <div className="mb-6">
        <LevelSummary />
      </div>
      <DashboardView />
    </>
  );
}
