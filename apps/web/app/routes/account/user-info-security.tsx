import { AccountPage } from "../../components/account-page";

export function meta() {
  return [{ title: "Security · My account · Croupier" }];
}

export default function AccountSecurity() {
  return (
    <AccountPage
      title="Security"
      description="Password and sign-in settings."
      icon="shield"
      emptyTitle="Security settings not loaded"
      emptyText="Change your password and review how you sign in here."
    />
  );
}
