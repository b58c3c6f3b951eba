import { AccountPage } from "../../components/account-page";

export function meta() {
  return [{ title: "Transactions · My account · Croupier" }];
}

export default function WalletsHistory() {
  return (
    <AccountPage
      title="Transactions"
      description="Deposits, withdrawals and adjustments on your wallets."
      icon="history"
      emptyTitle="No transactions yet"
      emptyText="Your deposits and withdrawals are listed here with their status."
    />
  );
}
