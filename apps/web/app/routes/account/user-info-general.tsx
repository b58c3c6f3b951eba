import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { useProfile } from "../../features/identity/profile";
import { ProfileEditor } from "../../features/identity/profile-editor";

export function meta() {
  return [{ title: "Profile · My account · Croupier" }];
}

export default function AccountProfile() {
  const profile = useProfile();
  return (
    <>
      <PageHeader title="Profile" description="Your name, date of birth, address and contact details. Each field saves on its own." />
      {profile.data ? (
        // Keyed by player: another login starts from that player's saved values.
        <ProfileEditor key={profile.data.id} profile={profile.data} />
      ) : profile.isError ? (
        <EmptyState icon="user" title="Your profile could not be loaded">
          Please reload the page in a moment.
        </EmptyState>
      ) : (
        <p className="text-sm text-mist-400" role="status">
          Loading your profile…
        </p>
      )}
    </>
  );
}
