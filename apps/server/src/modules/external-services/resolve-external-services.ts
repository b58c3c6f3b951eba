import type { ExternalServicesConfig } from "@croupier/contract/entities/external-services-config";
import type { ExternalServices } from "@croupier/contract/entities/project-settings";
import type { Env } from "../../env.ts";

type ServiceEnv = Pick<
  Env,
  "GA_MEASUREMENT_ID" | "HOTJAR_SITE_ID" | "LIVECHAT_LICENSE" | "ENGAGEMENT_WRITE_KEY" | "TRACKING_PIXEL_ID" | "EXTERNAL_SERVICES_BASE_URL"
>;

// Vendor script addresses. Ids are URL-encoded: they come from operator settings, not from code.
const VENDOR_SCRIPTS = {
  ga: (id: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
  hotjar: (id: string) => `https://static.hotjar.com/c/hotjar-${encodeURIComponent(id)}.js?sv=6`,
  livechat: () => "https://cdn.livechatinc.com/tracking.js",
  engagement: (key: string) => `https://cdp.customer.io/v1/analytics-js/snippet/${encodeURIComponent(key)}/analytics.min.js`,
  pixel: () => "https://connect.facebook.net/en_US/fbevents.js",
} as const;

type Service = keyof typeof VENDOR_SCRIPTS;

function scriptUrl(service: Service, id: string, base: string | undefined): string {
  if (!base) return VENDOR_SCRIPTS[service](id);
  const url = new URL(`${service}.js`, base.endsWith("/") ? base : `${base}/`);
  url.searchParams.set("id", id);
  return url.toString();
}

/**
 * The services the web app may load: the project's settings first (the seed's domain settings carry
 * ga, hotjar and livechat), the environment as the fallback and the only source for the engagement
 * service and the pixel. Empty ids are off.
 */
export function resolveExternalServices(project: ExternalServices, env: ServiceEnv): ExternalServicesConfig {
  const base = env.EXTERNAL_SERVICES_BASE_URL;
  const ga = project.ga?.id || env.GA_MEASUREMENT_ID;
  const hotjar = project.hotjar?.id || env.HOTJAR_SITE_ID;
  const livechat = project.livechat?.user_id || env.LIVECHAT_LICENSE;
  const engagement = env.ENGAGEMENT_WRITE_KEY;
  const pixel = env.TRACKING_PIXEL_ID;
  return {
    ...(ga ? { ga: { id: ga, script_url: scriptUrl("ga", ga, base) } } : {}),
    ...(hotjar ? { hotjar: { id: hotjar, script_url: scriptUrl("hotjar", hotjar, base) } } : {}),
    ...(livechat ? { livechat: { user_id: livechat, script_url: scriptUrl("livechat", livechat, base) } } : {}),
    ...(engagement ? { engagement: { key: engagement, script_url: scriptUrl("engagement", engagement, base) } } : {}),
    ...(pixel ? { pixel: { id: pixel, script_url: scriptUrl("pixel", pixel, base) } } : {}),
  };
}
