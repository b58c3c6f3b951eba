import { useState, type FormEvent } from "react";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import type { StaffMe } from "../../lib/me";
import { errorMessageOf, fieldErrorsOf } from "../../lib/staff-api";
import { QrCode } from "./qr-code";
import { RecoveryCodesPanel } from "./recovery-codes-panel";
import { useEnrolTwoFactor, useLogin, useVerifyTwoFactor, type LoginAnswer } from "./sign-in-calls";

export type SignedIn = { token: string; staff: StaffMe };

type Step =
  | { name: "credentials" }
  | { name: "enrol"; email: string; challenge: Extract<LoginAnswer, { step: "enrol" }> }
  | { name: "verify"; email: string; challenge_token: string }
  | { name: "recovery-codes"; signedIn: SignedIn; codes: string[] };

const CODE_PATTERN = "[0-9]{6}";

/**
 * Sign-in: email and password, then two-factor: enrolment (QR, secret, first code, recovery codes shown
 * once) or a code from the authenticator app, or a recovery code. `onSignedIn` receives the staff token.
 */
export function SignInFlow({ notice, onSignedIn }: { notice: string | null; onSignedIn: (result: SignedIn) => void }) {
  const [step, setStep] = useState<Step>({ name: "credentials" });
  const restart = () => setStep({ name: "credentials" });

  if (step.name === "credentials") {
    return (
      <CredentialsStep
        notice={notice}
        onAnswer={(email, answer) =>
          setStep(answer.step === "enrol" ? { name: "enrol", email, challenge: answer } : { name: "verify", email, challenge_token: answer.challenge_token })
        }
      />
    );
  }
  if (step.name === "enrol") {
    return (
      <EnrolStep
        email={step.email}
        challenge={step.challenge}
        onRestart={restart}
        onEnrolled={(answer) => setStep({ name: "recovery-codes", signedIn: { token: answer.token, staff: answer.staff }, codes: answer.recovery_codes })}
      />
    );
  }
  if (step.name === "verify") {
    return <VerifyStep email={step.email} challengeToken={step.challenge_token} onRestart={restart} onVerified={onSignedIn} />;
  }
  return (
    <Card title="Save your recovery codes">
      <RecoveryCodesPanel codes={step.codes} email={step.signedIn.staff.email} onDone={() => onSignedIn(step.signedIn)} />
    </Card>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby="sign-in-title" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 id="sign-in-title" className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h1>
      {children}
    </section>
  );
}

function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
      {errorMessageOf(error)}
    </p>
  );
}

function CredentialsStep({ notice, onAnswer }: { notice: string | null; onAnswer: (email: string, answer: LoginAnswer) => void }) {
  const login = useLogin();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const fields = fieldErrorsOf(login.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email: email.trim(), password }, { onSuccess: (answer) => onAnswer(email.trim(), answer) });
  };

  return (
    <Card title="Sign in to the back office">
      {notice ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ) : null}
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField label="Email" type="email" name="email" autoComplete="username" required maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} error={fields.email} autoFocus />
        <TextField label="Password" type="password" name="password" autoComplete="current-password" required maxLength={200} value={password} onChange={(e) => setPassword(e.target.value)} error={fields.password} />
        {Object.keys(fields).length === 0 ? <FormError error={login.error} /> : null}
        <Button type="submit" className="w-full" busy={login.isPending} disabled={!email || !password}>
          Continue
        </Button>
      </form>
    </Card>
  );
}

function CodeField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <TextField
      label="Six-digit code from your authenticator app"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={CODE_PATTERN}
      maxLength={6}
      required
      autoFocus
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, "").slice(0, 6))}
      error={error}
    />
  );
}

function EnrolStep({
  email,
  challenge,
  onEnrolled,
  onRestart,
}: {
  email: string;
  challenge: Extract<LoginAnswer, { step: "enrol" }>;
  onEnrolled: (answer: { token: string; staff: StaffMe; recovery_codes: string[] }) => void;
  onRestart: () => void;
}) {
  const enrol = useEnrolTwoFactor();
  const [code, setCode] = useState("");
  const fields = fieldErrorsOf(enrol.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    enrol.mutate({ challenge_token: challenge.challenge_token, code }, { onSuccess: onEnrolled });
  };

  return (
    <Card title="Set up two-factor sign-in">
      <ol className="mb-4 list-decimal space-y-1 pl-5 text-sm text-slate-600">
        <li>Open an authenticator app (Google Authenticator, 1Password, Authy, …).</li>
        <li>Scan this code, or enter the key below by hand.</li>
        <li>Type the six-digit code the app shows.</li>
      </ol>
      <div className="mb-4 flex flex-col items-center gap-3">
        <QrCode value={challenge.otpauth_uri} label={`Two-factor QR code for ${email}`} />
        <div className="w-full text-center">
          <p className="text-xs text-slate-500">Key for manual entry</p>
          <code data-testid="totp-secret" className="block rounded bg-slate-100 px-2 py-1 font-mono text-sm tracking-wider break-all select-all">
            {challenge.secret}
          </code>
        </div>
      </div>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <CodeField value={code} onChange={setCode} error={fields.code} />
        {fields.code ? null : <FormError error={enrol.error} />}
        <Button type="submit" className="w-full" busy={enrol.isPending} disabled={code.length !== 6}>
          Turn on two-factor
        </Button>
        <Button variant="ghost" className="w-full" onClick={onRestart}>
          Start again
        </Button>
      </form>
    </Card>
  );
}

function VerifyStep({
  email,
  challengeToken,
  onVerified,
  onRestart,
}: {
  email: string;
  challengeToken: string;
  onVerified: (result: SignedIn) => void;
  onRestart: () => void;
}) {
  const verify = useVerifyTwoFactor();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [recoveryCode, setRecoveryCode] = useState("");
  const fields = fieldErrorsOf(verify.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = useRecovery ? { challenge_token: challengeToken, recovery_code: recoveryCode.trim() } : { challenge_token: challengeToken, code };
    verify.mutate(input, { onSuccess: (answer) => onVerified({ token: answer.token, staff: answer.staff }) });
  };

  const toggle = () => {
    verify.reset();
    setUseRecovery((value) => !value);
  };

  return (
    <Card title="Two-factor sign-in">
      <p className="mb-4 text-sm text-slate-600">Signing in as {email}.</p>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {useRecovery ? (
          <TextField
            label="Recovery code"
            name="recovery_code"
            autoComplete="off"
            spellCheck={false}
            required
            autoFocus
            maxLength={64}
            value={recoveryCode}
            onChange={(event) => setRecoveryCode(event.target.value)}
            error={fields.recovery_code}
            hint="Each recovery code works once."
          />
        ) : (
          <CodeField value={code} onChange={setCode} error={fields.code} />
        )}
        {fields.code || fields.recovery_code ? null : <FormError error={verify.error} />}
        <Button type="submit" className="w-full" busy={verify.isPending} disabled={useRecovery ? !recoveryCode.trim() : code.length !== 6}>
          Sign in
        </Button>
        <div className="flex justify-between text-sm">
          <button type="button" className="text-indigo-700 underline" onClick={toggle}>
            {useRecovery ? "Use the authenticator app" : "Use a recovery code"}
          </button>
          <button type="button" className="text-slate-600 underline" onClick={onRestart}>
            Start again
          </button>
        </div>
      </form>
    </Card>
  );
}
