/** The part of Google's reCAPTCHA v2 API the dialogs use (explicit rendering of the checkbox). */
export type Grecaptcha = {
  render: (container: HTMLElement, parameters: { sitekey: string; theme?: "dark" | "light" }) => number;
  getResponse: (widgetId?: number) => string;
  reset: (widgetId?: number) => void;
};

declare global {
  // Only an interface can add properties to the global Window.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    grecaptcha?: Grecaptcha;
    croupierRecaptchaLoaded?: () => void;
  }
}

export const RECAPTCHA_ONLOAD = "croupierRecaptchaLoaded";
export const RECAPTCHA_SCRIPT_URL = `https://www.google.com/recaptcha/api.js?render=explicit&onload=${RECAPTCHA_ONLOAD}`;
const LOAD_TIMEOUT_MS = 15_000;

let loading: Promise<Grecaptcha> | undefined;

/**
 * Adds api.js once per tab and resolves when it calls back (it fetches the rest of its code from
 * www.gstatic.com, so the script's own load event is too early). A failed or stalled load is
 * forgotten, so reopening the dialog tries again.
 */
export function loadRecaptcha(): Promise<Grecaptcha> {
  if (loading) return loading;
  loading = new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement("script");
    const fail = (reason: string) => {
      window.clearTimeout(timer);
      delete window[RECAPTCHA_ONLOAD];
      script.remove();
      loading = undefined;
      reject(new Error(reason));
    };
    const timer = window.setTimeout(() => fail("reCAPTCHA did not load in time"), LOAD_TIMEOUT_MS);
    window[RECAPTCHA_ONLOAD] = () => {
      window.clearTimeout(timer);
      if (window.grecaptcha) resolve(window.grecaptcha);
      else fail("reCAPTCHA loaded without its API");
    };
    script.src = RECAPTCHA_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.addEventListener("error", () => fail("reCAPTCHA script failed to load"));
    document.head.appendChild(script);
  });
  return loading;
}

/** Tests only: forget the loaded script between cases. */
export function resetRecaptchaLoader() {
  loading = undefined;
}
