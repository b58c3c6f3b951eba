// Which consent each third-party service needs (issue #19, ADR 027). No zod here: the web app's consent
// code runs on every page's first load.

/** The third-party services of the player app (the keys of entities/external-services-config.ts). */
export type ExternalServiceName = "ga" | "hotjar" | "engagement" | "livechat" | "pixel";

/** Which consent a service needs: analytics (GA4, Hotjar, engagement) or marketing (the pixel). Live chat is a support tool the player asks for: analytics. */
export const SERVICE_CONSENT = {
  ga: "analytics",
  hotjar: "analytics",
  engagement: "analytics",
  livechat: "analytics",
  pixel: "marketing",
} as const satisfies Record<ExternalServiceName, "analytics" | "marketing">;
