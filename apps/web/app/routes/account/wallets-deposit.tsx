import { AccountPage } from "../../components/account-page";

export function meta() {
  return [{ title: "Deposit · My account · Croupier" }];
}

export default function WalletsDeposit() {
  return (
    <AccountPage
      title="Deposit"
      description="Add money to your active wallet."
      icon="coin"
      emptyTitle="No payment methods available"
      emptyText="Payment methods offered by the casino for your country and currency appear here."
    />
  );
}
