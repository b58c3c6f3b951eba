import { AccountPage } from "../../components/account-page";

export function meta() {
  return [{ title: "Wallets · My account · Croupier" }];
}

export default function WalletsBalance() {
  return (
    <AccountPage
      title="Wallets"
      description="One wallet per currency; choose which one is active."
      icon="wallet"
      emptyTitle="No wallets yet"
      emptyText="A wallet is created in your currency when you make your first deposit."
    />
  );
}
