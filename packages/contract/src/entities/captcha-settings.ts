import { z } from "zod";

export const captchaSettings = z
  .object({
    guid: z.uuid(),
    project_guid: z.uuid(),
    /** The captcha provider: "google_recaptcha". */
    service_name: z.string().max(64),
    settings: z.object({
      /** Public site key for the browser widget; the secret never leaves the server. */
      site_key: z.string().max(200),
    }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe("Captcha settings");
export type CaptchaSettings = z.infer<typeof captchaSettings>;
