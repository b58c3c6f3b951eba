import { useState } from "react";
import { useLocation } from "react-router";
import { requestPasswordReset } from "../features/identity/auth-actions";
import { errorMessage } from "../features/identity/identity-api";
import { useCaptcha } from "../features/identity/use-captcha";
import { useModalSwitch } from "../features/identity/use-modal-switch";
import { toastError, toastSuccess } from "../lib/toasts";
import type { ModalContentProps } from "./modal-content-props";

/** The second step of recovery: the link is on its way. */
export default function ForgotPasswordSentModal({ close }: ModalContentProps) {
  const switchTo = useModalSwitch();
  const email = (useLocation().state as { email?: string } | null)?.email ?? null;
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha();

  const resend = async () => {
    if (!email) return;
    const check = captcha.token();
    if (check.error) {
      toastError(check.error);
      return;
    }
    setBusy(true);
    try {
      await requestPasswordReset(email, check.token);
      toastSuccess(`We sent another link to ${email}.`);
    } catch (failure) {
      toastError(errorMessage(failure));
    } finally {
      // The answer works once: another resend needs the box ticked again.
      captcha.reset();
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-mist-300">
        If an account exists for {email ? <strong className="text-white">{email}</strong> : "that address"}, we have sent it a link to choose a new
        password. The link works once, for one hour. Check your spam folder if it does not arrive within a few minutes.
      </p>
      <button type="button" className="btn-primary h-11 w-full" onClick={() => switchTo("login")}>
        Back to login
      </button>
      {email ? captcha.element : null}
      {email ? (
        <button type="button" className="btn-ghost h-11 w-full" disabled={busy} onClick={resend}>
          Send the link again
        </button>
      ) : (
        <button type="button" className="btn-ghost h-11 w-full" onClick={close}>
          Close
        </button>
      )}
    </div>
  );
}
