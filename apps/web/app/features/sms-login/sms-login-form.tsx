import { useId, useState, type FormEvent, type ReactNode } from "react";
import { ResponseError } from "@croupier/contract/api-client";
import type { Tokens } from "@croupier/contract/entities/auth";
import type { Phone } from "@croupier/contract/entities/profile";
import { parsePhoneInput } from "./phone-input";
import { useLoginWithSmsCode, useRequestSmsLoginCode } from "./sms-login-api";

/** The captcha of the host form (the login modal's): its widget, the current answer and a reset. */
export type SmsLoginCaptcha = {
  element: ReactNode;
  token: () => { token?: string; error?: string };
  reset: () => void;
};

const inputClass =
  "h-11 w-full rounded-lg border border-ink-600 bg-ink-900 px-3 text-[15px] text-white placeholder:text-mist-400/70 focus:border-gold-400 focus:outline-none aria-invalid:border-ruby-400";

function messageOf(error: unknown): string {
  if (error instanceof ResponseError) return error.payload.message || "Unexpected error";
  return "No connection. Check your network and try again.";
}

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string;
  children: (id: string, describedBy?: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-mist-100">
        {label}
      </label>
      {children(id, error ? `${id}-error` : undefined)}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-ruby-400" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Log in by SMS code: the phone (verified on the account), then the 6-digit code texted to it. The
 * server answers the same for any number, so the second step never says whether an account exists.
 */
export function SmsLoginForm({
  captcha,
  onTokens,
  defaultCountryCode = "44",
}: {
  captcha: SmsLoginCaptcha;
  onTokens: (tokens: Tokens) => void;
  defaultCountryCode?: string;
}) {
  const [step, setStep] = useState<"phone" | "code">("phone");
  const [countryCode, setCountryCode] = useState(defaultCountryCode);
  const [number, setNumber] = useState("");
  const [phone, setPhone] = useState<Phone | null>(null);
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const request = useRequestSmsLoginCode();
  const login = useLoginWithSmsCode();

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePhoneInput(countryCode, number);
    if ("errors" in parsed) return setErrors(parsed.errors);
    const check = captcha.token();
    if (check.error) return setError(check.error);
    setErrors({});
    setError(null);
    try {
      await request.mutateAsync({ body: { phone: parsed.phone }, captchaToken: check.token });
      setPhone(parsed.phone);
      setCode("");
      setStep("code");
    } catch (failure) {
      captcha.reset();
      setError(messageOf(failure));
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\D/g, "");
    if (!phone) return setStep("phone");
    if (digits.length !== 6) return setErrors({ code: "Enter the 6 digits of the text message." });
    setErrors({});
    setError(null);
    try {
      onTokens(await login.mutateAsync({ phone, code: digits }));
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  if (step === "phone") {
    return (
      <form onSubmit={sendCode} className="flex flex-col gap-4" noValidate aria-label="Log in by SMS code">
        <p className="text-sm text-mist-300">
          We will text a one-time code to the mobile number verified on your account.
        </p>
        <div className="grid grid-cols-[6.5rem_1fr] gap-3">
          <Field label="Country code" error={errors.code}>
            {(id, describedBy) => (
              <input
                id={id}
                className={inputClass}
                inputMode="numeric"
                autoComplete="tel-country-code"
                value={countryCode}
                onChange={(e) => setCountryCode(e.target.value)}
                aria-invalid={errors.code ? true : undefined}
                aria-describedby={describedBy}
              />
            )}
          </Field>
          <Field label="Mobile number" error={errors.number}>
            {(id, describedBy) => (
              <input
                id={id}
                autoFocus
                className={inputClass}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                value={number}
                onChange={(e) => setNumber(e.target.value)}
                aria-invalid={errors.number ? true : undefined}
                aria-describedby={describedBy}
              />
            )}
          </Field>
        </div>
        {captcha.element}
        {error ? (
          <p
            className="rounded-lg border border-ruby-500/40 bg-ruby-500/10 px-3 py-2 text-sm text-ruby-400"
            role="alert"
          >
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          className="btn-primary h-11 w-full"
          disabled={request.isPending}
          aria-busy={request.isPending || undefined}
        >
          {request.isPending ? "Please wait…" : "Text me a code"}
        </button>
      </form>
    );
  }
  return (
    <form onSubmit={submitCode} className="flex flex-col gap-4" noValidate aria-label="Enter the SMS code">
      <p className="text-sm text-mist-300" role="status">
        If{" "}
        <strong className="text-white">
          +{phone?.code} {phone?.number}
        </strong>{" "}
        is verified on an account, a code is on its way. It works once, for 5 minutes.
      </p>
      <Field label="SMS code" error={errors.code}>
        {(id, describedBy) => (
          <input
            id={id}
            autoFocus
            className={`${inputClass} font-mono tracking-widest`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </Field>
      {error ? (
        <p className="rounded-lg border border-ruby-500/40 bg-ruby-500/10 px-3 py-2 text-sm text-ruby-400" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn-primary h-11 w-full"
        disabled={login.isPending}
        aria-busy={login.isPending || undefined}
      >
        {login.isPending ? "Please wait…" : "Log in"}
      </button>
      <button
        type="button"
        className="font-medium text-gold-400 underline-offset-2 hover:underline"
        onClick={() => setStep("phone")}
      >
        Use another number or send a new code
      </button>
    </form>
  );
}
