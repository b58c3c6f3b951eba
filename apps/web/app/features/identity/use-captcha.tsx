import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useCaptchaSettings } from "./captcha-settings";
import { loadRecaptcha, type Grecaptcha } from "./recaptcha-script";

export const CAPTCHA_LOAD_FAILED = "The security check could not load. Check your connection, allow www.google.com if a blocker is on, then reopen this dialog.";
export const CAPTCHA_UNSOLVED = "Please complete the security check.";

type Status = "off" | "loading" | "ready" | "failed";

export type Captcha = {
  /** The checkbox (or its loading/failure message); null when captcha is off. */
  element: ReactNode;
  /**
   * The token to send: undefined when captcha is off; otherwise the widget's answer, or an
   * error message for the player when it is not loaded or not ticked yet.
   */
  token: () => { token?: string; error?: undefined } | { token?: undefined; error: string };
  /** A token works once: after a refused attempt the player ticks the box again. */
  reset: () => void;
};

/**
 * reCAPTCHA v2 for the login, sign-up and password-recovery dialogs. Google's script is only
 * added when the server has captcha on and a dialog using this hook opens.
 */
export function useCaptcha(): Captcha {
  const settings = useCaptchaSettings();
  const siteKey = settings.data?.enabled ? settings.data.site_key : null;
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Grecaptcha; id: number } | null>(null);
  const [status, setStatus] = useState<Status>("off");

  useEffect(() => {
    const host = container.current;
    if (!siteKey || !host) return;
    let active = true;
    // A fresh element per render: reCAPTCHA refuses to render twice into the same one.
    const slot = document.createElement("div");
    host.appendChild(slot);
    setStatus("loading");
    loadRecaptcha().then(
      (api) => {
        if (!active) return;
        widget.current = { api, id: api.render(slot, { sitekey: siteKey, theme: "dark" }) };
        setStatus("ready");
      },
      (error: unknown) => {
        if (!active) return;
        console.warn("reCAPTCHA failed to load", error);
        setStatus("failed");
      },
    );
    return () => {
      active = false;
      widget.current = null;
      slot.remove();
    };
  }, [siteKey]);

  const token = useCallback((): ReturnType<Captcha["token"]> => {
    if (!siteKey) return {};
    if (status === "failed") return { error: CAPTCHA_LOAD_FAILED };
    const current = widget.current;
    const answer = current ? current.api.getResponse(current.id) : "";
    return answer ? { token: answer } : { error: CAPTCHA_UNSOLVED };
  }, [siteKey, status]);

  const reset = useCallback(() => {
    const current = widget.current;
    if (current) current.api.reset(current.id);
  }, []);

  const element = siteKey ? (
    <div className="flex flex-col gap-1.5">
      <div ref={container} className="min-h-[78px]" data-testid="captcha" />
      {status === "loading" ? <p className="text-xs text-mist-400">Loading the security check…</p> : null}
      {status === "failed" ? (
        <p role="alert" className="text-sm text-ruby-400">
          {CAPTCHA_LOAD_FAILED}
        </p>
      ) : null}
    </div>
  ) : null;

  return { element, token, reset };
}
