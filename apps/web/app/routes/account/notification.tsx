import { AccountPage } from "../../components/account-page";

export function meta() {
  return [{ title: "Notifications · My account · Croupier" }];
}

export default function AccountNotifications() {
  return (
    <AccountPage
      title="Notifications"
      description="Messages about your payments, bonuses and account."
      icon="bell"
      emptyTitle="No notifications yet"
      emptyText="Deposit confirmations, bonus news and account messages appear here."
    />
  );
}
