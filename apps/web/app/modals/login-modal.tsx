import { useState, type FormEvent } from "react";
import { useFeatureFlag } from "../features/feature-flags/feature-flags-provider";
import { acceptLogin, loginWithPassword } from "../features/identity/auth-actions";
import { FormError, SubmitButton, TextButton, TextField } from "../features/identity/form-controls";
import { errorMessage, fieldErrors } from "../features/identity/identity-api";
import { ProviderButtons } from "../features/identity/provider-buttons";
import { useCaptcha } from "../features/identity/use-captcha";
import { useModalSwitch } from "../features/identity/use-modal-switch";
import { SmsLoginForm } from "../features/sms-login/sms-login-form";
import type { ModalContentProps } from "./modal-content-props";

/**
 * Email and password, or (with the sms-auth flag) an SMS code; once logged in the host drops
 * ?modal=login (and return_to brings the player back).
 */
export default function LoginModal(_props: ModalContentProps) {
  const switchTo = useModalSwitch();
  const smsAuth = useFeatureFlag("sms-auth");
  const [method, setMethod] = useState<"password" | "sms">("password");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const captcha = useCaptcha();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = captcha.token();
    if (check.error) {
      setError(check.error);
      return;
    }
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await loginWithPassword({ email: email.trim(), password }, check.token);
    } catch (failure) {
      captcha.reset();
      setFields(fieldErrors(failure));
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  const tabs = smsAuth ? (
    <div role="tablist" aria-label="How to log in" className="grid grid-cols-2 gap-1 rounded-lg border border-ink-600 bg-ink-900 p-1">
      {(["password", "sms"] as const).map((value) => (
        <button
          key={value}
          type="button"
          role="tab"
          id={`login-tab-${value}`}
          aria-selected={method === value}
          aria-controls={`login-panel-${value}`}
          onClick={() => setMethod(value)}
          className={`h-9 rounded-md text-sm font-semibold ${method === value ? "bg-ink-700 text-white" : "text-mist-400 hover:text-white"}`}
        >
          {value === "password" ? "Password" : "SMS code"}
        </button>
      ))}
    </div>
  ) : null;

  if (smsAuth && method === "sms") {
    return (
      <div className="flex flex-col gap-4">
        {tabs}
        <div role="tabpanel" id="login-panel-sms" aria-labelledby="login-tab-sms">
          <SmsLoginForm captcha={captcha} onTokens={acceptLogin} />
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {tabs}
      <ProviderButtons />
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextField autoFocus label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={fields.email} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fields.password}
        />
        <div className="-mt-1 flex justify-end text-sm">
          <TextButton onClick={() => switchTo("forgotPassword")}>Forgot password?</TextButton>
        </div>
        {captcha.element}
        <FormError message={error} />
        <SubmitButton busy={busy}>Log in</SubmitButton>
      </form>
      <button type="button" className="btn-ghost h-11 w-full" onClick={() => switchTo("otp")}>
        Email me a login code
      </button>
      <p className="text-center text-sm text-mist-400">
        New here? <TextButton onClick={() => switchTo("register")}>Create an account</TextButton>
      </p>
    </div>
  );
}
