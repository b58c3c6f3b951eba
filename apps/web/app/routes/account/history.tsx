import { AccountPage } from "../../components/account-page";

export function meta() {
  return [{ title: "Account history · My account · Croupier" }];
}

export default function AccountHistory() {
  return (
    <AccountPage
      title="Account history"
      description="Logins, changes to your details and other activity on your account."
      icon="document"
      emptyTitle="No account activity yet"
      emptyText="Sign-ins and changes to your account are listed here."
    />
  );
}
