import { useNavigate } from "react-router";
import type { Exclusion } from "@croupier/contract/entities/exclusions";
import { logout } from "../../features/identity/auth-actions";
import { useProfile } from "../../features/identity/profile";
import { formatEnd, KIND_LABELS } from "../../features/safety/exclusions";
import { SafetyPage } from "../../features/safety/safety-page";
import { toastSuccess } from "../../lib/toasts";
import { useAuth } from "../../lib/use-auth";

export function meta() {
  return [{ title: "Safety · My account · Croupier" }];
}

export default function AccountSafety() {
  const { userId } = useAuth();
  const profile = useProfile();
  const navigate = useNavigate();

  // The server has ended every session already: this tab takes a fresh anonymous one and leaves.
  const excluded = async (exclusion: Exclusion) => {
    await logout();
    void navigate("/", { replace: true });
    toastSuccess(`${KIND_LABELS[exclusion.kind]} started. You are logged out until ${formatEnd(exclusion.ends_at)}.`);
  };

  return (
    <SafetyPage
      userId={userId}
      passwordless={profile.data?.passwordless ?? false}
      onExcluded={(e) => void excluded(e)}
    />
  );
}
