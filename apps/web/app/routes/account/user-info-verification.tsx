import { AccountPage } from "../../components/account-page";

export function meta() {
  return [{ title: "Verification · My account · Croupier" }];
}

export default function AccountVerification() {
  return (
    <AccountPage
      title="Verification"
      description="Upload identity documents (JPEG, PNG or PDF) for KYC checks."
      icon="document"
      emptyTitle="No documents uploaded"
      emptyText="Verified identity may be required before a withdrawal; see the KYC procedure for what to send."
    />
  );
}
