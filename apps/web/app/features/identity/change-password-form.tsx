import { passwordPolicyIssues } from "@croupier/contract/password-policy";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toastSuccess } from "../../lib/toasts";
import { updatePassword } from "./auth-actions";
import { FormError, PasswordRules, SubmitButton, TextField } from "./form-controls";
import { errorMessage, fieldErrors } from "./identity-api";

/** POST /password/update: the current password, a new one that meets the policy; the other sessions end. */
export function ChangePasswordForm({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const policy = passwordPolicyIssues(next, email);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!current) return setFields({ current_password: "is required" });
    if (policy.length > 0) return setFields({ new_password: policy[0]! });
    setBusy(true);
    setFields({});
    try {
      await updatePassword(current, next);
      setCurrent("");
      setNext("");
      toastSuccess("Your password has been changed. Your other sessions were logged out.");
      void queryClient.invalidateQueries({ queryKey: ["identity", "sessions"] });
    } catch (failure) {
      const byField = fieldErrors(failure);
      setFields(byField);
      if (Object.keys(byField).length === 0) setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-labelledby="change-password">
      <h2 id="change-password" className="text-lg font-semibold text-white">
        Change password
      </h2>
      <TextField
        label="Current password"
        type="password"
        name="current_password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={fields.current_password}
      />
      <TextField
        label="New password"
        type="password"
        name="new_password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={fields.new_password}
        hint={<PasswordRules issues={policy} touched={next !== ""} />}
      />
      <FormError message={error} />
      <SubmitButton busy={busy} className="tablet:w-auto tablet:self-start">
        Change password
      </SubmitButton>
    </form>
  );
}
