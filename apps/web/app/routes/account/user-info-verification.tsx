import { PageHeader } from "../../components/page-header";
import { VerificationPage } from "../../features/documents/verification-page";
import { useRealtime } from "../../features/realtime/realtime-provider";
import { useAuth } from "../../lib/use-auth";

export function meta() {
  return [{ title: "Verification · My account · Croupier" }];
}

/** /account/user-info/verification: the player's KYC documents and verification state (features/documents). */
export default function AccountVerification() {
  const { userId } = useAuth();
  const { client } = useRealtime();
  return (
    <>
      <PageHeader
        title="Verification"
        description="Upload your documents (JPEG, PNG, HEIC or PDF, up to 10 MB each). We review them and tell you here."
      />
      <VerificationPage userId={userId} realtime={client} />
    </>
  );
}
