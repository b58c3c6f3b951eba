import { passwordPolicyIssues } from "@croupier/contract/password-policy";
import { useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { resetPassword } from "../features/identity/auth-actions";
import { FormError, PasswordRules, SubmitButton, TextButton, TextField } from "../features/identity/form-controls";
import { errorMessage, fieldErrors } from "../features/identity/identity-api";
import { useModalSwitch } from "../features/identity/use-modal-switch";
import { toastSuccess } from "../lib/toasts";
import type { ModalContentProps } from "./modal-content-props";

/** Opened by the mailed link ?modal=setNewPassword&token=…; ends on the login dialog. */
export default function SetNewPasswordModal(_props: ModalContentProps) {
  const switchTo = useModalSwitch();
  const token = new URLSearchParams(useLocation().search).get("token");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const policy = passwordPolicyIssues(password);

  if (!token) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-mist-300">This link is incomplete. Ask for a new one and open it straight from the mail.</p>
        <button type="button" className="btn-primary h-11 w-full" onClick={() => switchTo("forgotPassword")}>
          Send me a new link
        </button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (policy.length > 0) return setFields({ new_password: policy[0]! });
    if (confirmation !== password) return setFields({ confirmation: "The passwords do not match." });
    setBusy(true);
    setFields({});
    try {
      await resetPassword(token, password);
      toastSuccess("Your password has been changed. Log in with your new password.");
      switchTo("login", { drop: ["token"] });
    } catch (failure) {
      setFields(fieldErrors(failure));
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <TextField
        autoFocus
        label="New password"
        type="password"
        name="new_password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fields.new_password}
        hint={<PasswordRules issues={policy} touched={password !== ""} />}
      />
      <TextField
        label="Repeat the new password"
        type="password"
        name="confirmation"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
        error={fields.confirmation}
      />
      <FormError message={error} />
      <SubmitButton busy={busy}>Save the new password</SubmitButton>
      <p className="text-center text-sm text-mist-400">
        Link expired? <TextButton onClick={() => switchTo("forgotPassword", { drop: ["token"] })}>Send a new one</TextButton>
      </p>
    </form>
  );
}
