import type { CaptchaSettings } from "@croupier/contract/entities/captcha-settings";
import { deterministicGuid } from "@croupier/db/seed/deterministic-guid";
import type { ProjectRow } from "../dictionary/get-project.ts";

/**
 * The reCAPTCHA settings the browser needs, from RECAPTCHA_SITE_KEY; null when
 * it is not set, and clients then send no captcha. The secret stays server-side.
 */
export function getCaptchaSettings(siteKey: string, project: ProjectRow): CaptchaSettings | null {
  if (!siteKey) return null;
  return {
    // Stable across restarts and processes: derived, as the settings are not a stored row.
    guid: deterministicGuid(`captcha:google_recaptcha:${project.guid}`),
    project_guid: project.guid,
    service_name: "google_recaptcha",
    settings: { site_key: siteKey },
    created_at: new Date(project.created_at).toISOString(),
    updated_at: new Date(project.updated_at).toISOString(),
  };
}
