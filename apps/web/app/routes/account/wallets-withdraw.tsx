import { AccountPage } from "../../components/account-page";

export function meta() {
  return [{ title: "Withdraw · My account · Croupier" }];
}

export default function WalletsWithdraw() {
  return (
    <AccountPage
      title="Withdraw"
      description="Withdraw cash from your active wallet. Bonus money cannot be withdrawn."
      icon="coin"
      emptyTitle="Nothing to withdraw"
      emptyText="Withdrawals draw only on your cash balance."
    />
  );
}
