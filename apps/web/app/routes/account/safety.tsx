import { AccountPage } from "../../components/account-page";

export function meta() {
  return [{ title: "Safety · My account · Croupier" }];
}

export default function AccountSafety() {
  return (
    <AccountPage
      title="Safety"
      description="Take a break or exclude yourself from play."
      icon="shield"
      emptyTitle="No time-out or self-exclusion active"
      emptyText="You can take a time-out from 1 day to 6 weeks, or self-exclude for 6 months to 5 years or indefinitely."
    />
  );
}
