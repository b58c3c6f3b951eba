import { useState, type FormEvent } from "react";
import { requestPasswordReset } from "../features/identity/auth-actions";
import { FormError, SubmitButton, TextButton, TextField } from "../features/identity/form-controls";
import { errorMessage, fieldErrors } from "../features/identity/identity-api";
import { useCaptcha } from "../features/identity/use-captcha";
import { useModalSwitch } from "../features/identity/use-modal-switch";
import type { ModalContentProps } from "./modal-content-props";

/** Asks for the email; the server mails a reset link (same answer whether or not the account exists). */
export default function ForgotPasswordModal(_props: ModalContentProps) {
  const switchTo = useModalSwitch();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const captcha = useCaptcha();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setFields({ email: "is required" });
      return;
    }
    const check = captcha.token();
    if (check.error) {
      setError(check.error);
      return;
    }
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await requestPasswordReset(email.trim(), check.token);
      switchTo("forgotPassword2", { state: { email: email.trim() } });
    } catch (failure) {
      captcha.reset();
      setFields(fieldErrors(failure));
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-mist-300">Enter the email address of your account and we will send you a link to choose a new password.</p>
      <TextField autoFocus label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={fields.email} />
      {captcha.element}
      <FormError message={error} />
      <SubmitButton busy={busy}>Send reset link</SubmitButton>
      <p className="text-center text-sm text-mist-400">
        Remembered it? <TextButton onClick={() => switchTo("login")}>Back to login</TextButton>
      </p>
    </form>
  );
}
