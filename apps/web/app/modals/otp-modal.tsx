import { useState, type FormEvent } from "react";
import { loginWithCode, requestLoginCode } from "../features/identity/auth-actions";
import { FormError, SubmitButton, TextButton, TextField } from "../features/identity/form-controls";
import { errorMessage, fieldErrors } from "../features/identity/identity-api";
import { useModalSwitch } from "../features/identity/use-modal-switch";
import type { ModalContentProps } from "./modal-content-props";

/** Passwordless login: a mailed one-time code (the same mail carries a magic link). */
export default function OtpModal({ close }: ModalContentProps) {
  const switchTo = useModalSwitch();
  const [step, setStep] = useState<"email" | "code">("email");
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await action();
    } catch (failure) {
      setFields(fieldErrors(failure));
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setFields({ email: "is required" });
    void run(async () => {
      await requestLoginCode(email.trim());
      setStep("code");
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setFields({ token: "is required" });
    void run(async () => {
      await loginWithCode(code.trim(), email.trim());
      close();
    });
  };

  if (step === "email") {
    return (
      <form onSubmit={sendCode} className="flex flex-col gap-4" noValidate>
        <p className="text-sm text-mist-300">We will email you a one-time code and a login link. No password needed.</p>
        <TextField autoFocus label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={fields.email} />
        <FormError message={error} />
        <SubmitButton busy={busy}>Send me a code</SubmitButton>
        <p className="text-center text-sm text-mist-400">
          <TextButton onClick={() => switchTo("login")}>Log in with a password instead</TextButton>
        </p>
      </form>
    );
  }
  return (
    <form onSubmit={submitCode} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-mist-300" role="status">
        If <strong className="text-white">{email.trim()}</strong> has an account, a code is on its way. It works once, for 15 minutes — or use the link in
        the same mail.
      </p>
      <TextField
        autoFocus
        label="One-time code"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={fields.token}
        className="font-mono tracking-widest uppercase"
      />
      <FormError message={error} />
      <SubmitButton busy={busy}>Log in</SubmitButton>
      <p className="text-center text-sm text-mist-400">
        <TextButton onClick={() => setStep("email")}>Use another address or send a new code</TextButton>
      </p>
    </form>
  );
}
