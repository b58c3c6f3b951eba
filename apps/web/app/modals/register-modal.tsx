import { passwordPolicyIssues } from "@croupier/contract/password-policy";
import { useEffect, useState, type FormEvent } from "react";
import { signUp } from "../features/identity/auth-actions";
import { CheckboxField, FormError, PasswordRules, SelectField, SubmitButton, TextButton, TextField } from "../features/identity/form-controls";
import { errorMessage, fieldErrors } from "../features/identity/identity-api";
import { ProviderButtons } from "../features/identity/provider-buttons";
import { useCountries, useRegistrationCurrencies } from "../features/identity/registration-dictionaries";
import { fieldRule, useSignupFields } from "../features/identity/signup-fields";
import { useCaptcha } from "../features/identity/use-captcha";
import { buildSignupBody, EMPTY_SIGNUP, missingRequired, signupErrorKey, type SignupValues } from "../features/identity/signup-form";
import { useModalSwitch } from "../features/identity/use-modal-switch";
import { attributionFields } from "../features/attribution/fid";
import { BTAG_COOKIE, parseCookies } from "../lib/cookies";
import { toastSuccess } from "../lib/toasts";
import type { ModalContentProps } from "./modal-content-props";

/** Sign-up driven by GET /signup/fields: which fields show and which are required. */
export default function RegisterModal(_props: ModalContentProps) {
  const switchTo = useModalSwitch();
  const settings = useSignupFields();
  const currencies = useRegistrationCurrencies();
  const countries = useCountries();
  const [values, setValues] = useState<SignupValues>(EMPTY_SIGNUP);
  const [passwordTouched, setPasswordTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha();

  const list = settings.data ?? [];
  const rule = (name: string) => fieldRule(list, name);
  const set = <K extends keyof SignupValues>(name: K, value: SignupValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      const key = name === "phone_code" || name === "phone_number" ? "phone" : name;
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  };

  // The operator's default currency is preselected.
  const defaultCurrency = currencies.data?.find((c) => c.is_default)?.guid ?? currencies.data?.[0]?.guid;
  useEffect(() => {
    if (defaultCurrency) setValues((current) => (current.currency_guid ? current : { ...current, currency_guid: defaultCurrency }));
  }, [defaultCurrency]);

  const policy = passwordPolicyIssues(values.password, values.email);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setPasswordTouched(true);
    const missing = missingRequired(values, list);
    if (Object.keys(missing).length > 0 || policy.length > 0) {
      setErrors({ ...missing, ...(policy.length > 0 ? { password: policy[0]! } : {}) });
      return;
    }
    const check = captcha.token();
    if (check.error) {
      setFormError(check.error);
      return;
    }
    setBusy(true);
    try {
      const bTag = parseCookies(document.cookie).get(BTAG_COOKIE) ?? null;
      await signUp({ ...buildSignupBody(values, list, bTag), ...attributionFields() }, check.token);
      toastSuccess(`Welcome! We sent a confirmation link to ${values.email.trim()}.`);
    } catch (failure) {
      captcha.reset();
      const byField: Record<string, string> = {};
      for (const [field, message] of Object.entries(fieldErrors(failure))) {
        // A refused captcha has no field to highlight: its message shows above the button.
        if (!field.startsWith("headers.")) byField[signupErrorKey(field)] = message;
      }
      setErrors(byField);
      setFormError(Object.keys(byField).length > 0 ? "Please check the highlighted fields." : errorMessage(failure));
      setBusy(false);
    }
  };

  // Name, value, change handler and error of a string field; both phone inputs report under "phone".
  const bind = (name: Exclude<keyof SignupValues, "opt_in_promo">, errorKey: string = name) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
    error: errors[errorKey],
  });

  const text = (name: "first_name" | "last_name" | "city" | "address" | "post_code" | "promo_code", label: string, autoComplete: string) =>
    rule(name).displayed ? (
      <TextField label={label} autoComplete={autoComplete} optional={!rule(name).required} required={rule(name).required} maxLength={name === "address" ? 200 : 100} {...bind(name)} />
    ) : null;

  return (
    <div className="flex flex-col gap-4">
      <ProviderButtons />
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextField autoFocus label="Email" type="email" autoComplete="email" required {...bind("email")} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          {...bind("password")}
          onChange={(e) => {
            setPasswordTouched(true);
            set("password", e.target.value);
          }}
          hint={<PasswordRules issues={policy} touched={passwordTouched && values.password !== ""} />}
        />
        {rule("currency_guid").displayed ? (
          <SelectField label="Currency" optional={!rule("currency_guid").required} {...bind("currency_guid")}>
            {!rule("currency_guid").required || !values.currency_guid ? <option value="">Choose a currency</option> : null}
            {(currencies.data ?? []).map((currency) => (
              <option key={currency.guid} value={currency.guid}>
                {(currency.custom_name ?? currency.code) + (currency.name ? ` — ${currency.name}` : "")}
              </option>
            ))}
          </SelectField>
        ) : null}
        {rule("country_guid").displayed ? (
          <SelectField label="Country" optional={!rule("country_guid").required} {...bind("country_guid")}>
            <option value="">Choose a country</option>
            {(countries.data ?? []).map((country) => (
              <option key={country.guid} value={country.guid}>
                {country.country}
              </option>
            ))}
          </SelectField>
        ) : null}
        {text("first_name", "First name", "given-name")}
        {text("last_name", "Last name", "family-name")}
        {rule("birthday").displayed ? (
          <TextField label="Date of birth" type="date" autoComplete="bday" optional={!rule("birthday").required} {...bind("birthday")} />
        ) : null}
        {rule("phone").displayed ? (
          <div className="grid grid-cols-[6rem_1fr] gap-2">
            <TextField label="Code" name="phone_code" inputMode="numeric" autoComplete="tel-country-code" placeholder="44" value={values.phone_code} onChange={(e) => set("phone_code", e.target.value)} />
            <TextField label="Phone" type="tel" autoComplete="tel-national" optional={!rule("phone").required} {...bind("phone_number", "phone")} />
          </div>
        ) : null}
        {text("city", "City", "address-level2")}
        {text("address", "Address", "street-address")}
        {text("post_code", "Post code", "postal-code")}
        {text("promo_code", "Promo code", "off")}
        {rule("opt_in_promo").displayed ? (
          <CheckboxField
            label="Send me promotions and bonus offers by email"
            name="opt_in_promo"
            checked={values.opt_in_promo}
            onChange={(e) => set("opt_in_promo", e.target.checked)}
            error={errors.opt_in_promo}
          />
        ) : null}
        <p className="text-xs text-mist-400">By creating an account you confirm you are 18 or older and accept the terms and conditions.</p>
        {captcha.element}
        <FormError message={formError} />
        <SubmitButton busy={busy}>Create account</SubmitButton>
      </form>
      <p className="text-center text-sm text-mist-400">
        Already registered? <TextButton onClick={() => switchTo("login")}>Log in</TextButton>
      </p>
    </div>
  );
}
