import { AccountPage } from "../../components/account-page";

export function meta() {
  return [{ title: "Limits · My account · Croupier" }];
}

export default function AccountLimits() {
  return (
    <AccountPage
      title="Limits"
      description="Deposit, loss and wager limits per day, week and month, and a session time limit."
      icon="limit"
      emptyTitle="No limits set"
      emptyText="A decrease applies at once; an increase or removal applies after a 24-hour cooling-off period."
    />
  );
}
