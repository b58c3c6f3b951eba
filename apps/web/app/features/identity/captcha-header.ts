export const CAPTCHA_HEADER = "X-Captcha-Response";

/** The header carrying the reCAPTCHA answer, when there is one (none when captcha is off). */
export function captchaHeaders(token: string | undefined): Record<string, string> | undefined {
  return token ? { [CAPTCHA_HEADER]: token } : undefined;
}
