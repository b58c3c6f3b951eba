import { PageHeader } from "../../components/page-header";
import { VerificationPage } from "../../features/documents/verification-page";
import { useProfile } from "../../features/identity/profile";
import { useRealtime } from "../../features/realtime/realtime-provider";
import { useAuth } from "../../lib/use-auth";

export function meta() {
  return [{ title: "Verification · My account · Croupier" }];
}

/** /account/user-info/verification: KYC documents; whether the player is verified is the profile's is_verified. */
export default function AccountVerification() {
  const { userId } = useAuth();
  const profile = useProfile().data;
  const { client } = useRealtime();
  return (
    <>
      <PageHeader
        title="Verification"
        description="Upload your documents (JPEG, PNG, HEIC or PDF, up to 10 MB each). We review them and tell you here."
      />
      <VerificationPage userId={userId} isVerified={profile ? profile.is_verified : null} realtime={client} />
    </>
  );
}
