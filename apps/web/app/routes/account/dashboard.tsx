import { PageHeader } from "../../components/page-header";
import { DashboardView } from "../../features/account-dashboard/dashboard-view";

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
      <DashboardView />
    </>
  );
}
