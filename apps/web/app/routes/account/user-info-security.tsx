import { PageHeader } from "../../components/page-header";
import { ChangePasswordForm } from "../../features/identity/change-password-form";
import { useProfile } from "../../features/identity/profile";
import { SessionList } from "../../features/identity/session-list";

export function meta() {
  return [{ title: "Security · My account · Croupier" }];
}

export default function AccountSecurity() {
  const profile = useProfile();
  return (
    <>
      <PageHeader title="Security" description="Your password and the devices logged in to your account." />
      <div className="flex flex-col gap-6">
        <div className="card p-5">
          {profile.data?.passwordless ? (
            <p className="text-sm text-mist-300">
              You log in without a password (identity provider or email code). To set one, use “Forgot password?” on the login dialog.
            </p>
          ) : (
            <ChangePasswordForm email={profile.data?.email ?? ""} />
          )}
        </div>
        <div className="card p-5">
          <SessionList />
        </div>
      </div>
    </>
  );
}
