import { AccountPage } from "../../components/account-page";

export function meta() {
  return [{ title: "Bonuses · My account · Croupier" }];
}

export default function AccountBonuses() {
  return (
    <AccountPage
      title="Bonuses"
      description="Bonuses you hold, with wagering progress and expiry."
      icon="star"
      emptyTitle="No bonuses yet"
      emptyText="Bonuses you receive or activate appear here."
    />
  );
}
