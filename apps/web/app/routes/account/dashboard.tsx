import { AccountPage } from "../../components/account-page";

export function meta() {
  return [{ title: "Dashboard · My account · Croupier" }];
}

export default function AccountDashboard() {
  return (
    <AccountPage
      title="Dashboard"
      description="Your balance, recent activity and net position at a glance."
      icon="home"
      emptyTitle="No activity yet"
      emptyText="Once you deposit and play, your net position (deposits minus withdrawals, stakes minus wins) is charted here."
    />
  );
}
