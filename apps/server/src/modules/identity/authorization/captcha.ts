import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { Env } from "../../../env.ts";
import { AppError } from "../../../lib/app-error.ts";

/** Checks a captcha answer; true when a human solved it. Pluggable: reCAPTCHA today, others later. */
export type CaptchaVerifier = (response: string, remoteIp: string | null) => Promise<boolean>;

const siteverifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  "error-codes": z.array(z.string()).optional(),
});

/** Google reCAPTCHA siteverify (v2 and v3; a v3 score must reach RECAPTCHA_MIN_SCORE). */
export function recaptchaVerifier(
  env: Pick<Env, "RECAPTCHA_SECRET" | "RECAPTCHA_VERIFY_URL" | "RECAPTCHA_MIN_SCORE">,
): CaptchaVerifier {
  return async (response, remoteIp) => {
    const form = new URLSearchParams({ secret: env.RECAPTCHA_SECRET, response });
    if (remoteIp) form.set("remoteip", remoteIp);
    try {
      const res = await fetch(env.RECAPTCHA_VERIFY_URL, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form,
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) return false;
      const answer = siteverifyAnswer.safeParse(await res.json());
      if (!answer.success || !answer.data.success) return false;
      return answer.data.score === undefined || answer.data.score >= env.RECAPTCHA_MIN_SCORE;
    } catch {
      // Fail closed: an unreachable verifier must not open the door to bots.
      return false;
    }
  };
}

/** Throws unless captcha is off or the X-Captcha-Response header passes the verifier. */
export async function assertCaptcha(request: FastifyRequest, env: Env, verifier: CaptchaVerifier): Promise<void> {
  if (!env.CAPTCHA_ENABLED) return;
  const answer = request.headers["x-captcha-response"];
  if (typeof answer !== "string" || answer.length === 0 || answer.length > 4096)
    throw new AppError("VALIDATION_ERROR", "Please complete the captcha.", {
      fields: [{ field: "headers.x-captcha-response", message: "is required" }],
    });
  if (!(await verifier(answer, request.ip)))
    throw new AppError("VALIDATION_ERROR", "The captcha check failed. Please try again.", {
      fields: [{ field: "headers.x-captcha-response", message: "was not accepted" }],
    });
}
