import { useState, type FormEvent } from "react";
import { requestEmailApproval } from "../features/identity/auth-actions";
import { FormError, SubmitButton, TextField } from "../features/identity/form-controls";
import { errorMessage } from "../features/identity/identity-api";
import { useProfile } from "../features/identity/profile";
import { toastSuccess } from "../lib/toasts";
import type { ModalContentProps } from "./modal-content-props";

/** Email approval: the status of the player's address, and the approval link sent again on request. */
export default function ApproveEmailModal({ close }: ModalContentProps) {
  const profile = useProfile().data;
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const address = profile?.email ?? email.trim();

  if (profile?.email_approved) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-mist-300">
          <strong className="text-white">{profile.email}</strong> is confirmed. Nothing else to do.
        </p>
        <button type="button" className="btn-primary h-11 w-full" onClick={close}>
          Close
        </button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!address) return setError("Enter your email address.");
    setBusy(true);
    setError(null);
    try {
      await requestEmailApproval(address);
      toastSuccess(`We sent a confirmation link to ${address}.`);
      close();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-mist-300">
        {profile ? (
          <>
            Confirm <strong className="text-white">{profile.email}</strong> by opening the link we mailed you. Did not get it? We can send it again.
          </>
        ) : (
          "Enter the address you registered with and we will mail you a new confirmation link."
        )}
      </p>
      {profile ? null : <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />}
      <FormError message={error} />
      <SubmitButton busy={busy}>Send the confirmation link</SubmitButton>
    </form>
  );
}
