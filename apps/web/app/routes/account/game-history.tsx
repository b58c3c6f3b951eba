import { AccountPage } from "../../components/account-page";

export function meta() {
  return [{ title: "Game history · My account · Croupier" }];
}

export default function AccountGameHistory() {
  return (
    <AccountPage
      title="Game history"
      description="Your rounds: stake, outcome and balance before and after."
      icon="dice"
      emptyTitle="No rounds played yet"
      emptyText="Every round you play is recorded here."
    />
  );
}
