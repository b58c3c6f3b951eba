import { queryOptions, useQuery } from "@tanstack/react-query";
import { playerApi } from "../../lib/player-api";

export type CaptchaSettings = { enabled: boolean; site_key: string | null };

const DISABLED: CaptchaSettings = { enabled: false, site_key: null };

/** GET /authorization/recaptcha. A failure counts as off: the server still refuses calls without a solved captcha. */
export async function fetchCaptchaSettings(signal?: AbortSignal): Promise<CaptchaSettings> {
  try {
    const { payload } = await playerApi().get<CaptchaSettings>("/api/v1/authorization/recaptcha", { signal });
    const siteKey = typeof payload?.site_key === "string" && payload.site_key.length <= 200 ? payload.site_key : null;
    return { enabled: payload?.enabled === true && siteKey !== null && siteKey !== "", site_key: siteKey };
  } catch (error) {
    console.warn("captcha settings failed; treating captcha as off", error);
    return DISABLED;
  }
}

/** Read once per tab: the setting only changes with a server restart. */
export const captchaSettingsQueryOptions = () =>
  queryOptions({ queryKey: ["identity-public", "captcha"], queryFn: ({ signal }) => fetchCaptchaSettings(signal), staleTime: Infinity, gcTime: Infinity });

export function useCaptchaSettings() {
  return useQuery(captchaSettingsQueryOptions());
}
