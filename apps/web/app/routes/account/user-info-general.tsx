import { AccountPage } from "../../components/account-page";

export function meta() {
  return [{ title: "Profile · My account · Croupier" }];
}

export default function AccountProfile() {
  return (
    <AccountPage
      title="Profile"
      description="Your name, date of birth, address and contact details."
      icon="user"
      emptyTitle="Profile details not loaded"
      emptyText="Your personal details appear here once your profile is available."
    />
  );
}
