import type { ExternalServicesConfig } from "@croupier/contract/entities/external-services-config";

/** Extra sources per CSP directive for the configured services; empty lists when none is configured. */
export type ExternalOrigins = { script: string[]; connect: string[]; img: string[]; frame: string[]; style: string[] };

// What each vendor's script needs beyond its own script origin, as its documentation lists it.
// Exact hosts only (no *.vendor.com): the policy allows nothing the configured services do not use.
const VENDOR_ORIGINS: Record<keyof ExternalServicesConfig, ExternalOrigins> = {
  ga: {
    script: ["https://www.googletagmanager.com"],
    connect: ["https://www.google-analytics.com", "https://region1.google-analytics.com", "https://www.googletagmanager.com"],
    img: ["https://www.google-analytics.com", "https://www.googletagmanager.com"],
    frame: [],
    style: [],
  },
  hotjar: {
    script: ["https://static.hotjar.com", "https://script.hotjar.com"],
    connect: ["https://in.hotjar.com", "https://vc.hotjar.io", "https://content.hotjar.io", "wss://ws.hotjar.com"],
    img: ["https://static.hotjar.com", "https://script.hotjar.com"],
    frame: ["https://vars.hotjar.com"],
    style: ["https://static.hotjar.com"],
  },
  livechat: {
    script: ["https://cdn.livechatinc.com"],
    connect: ["https://api.livechatinc.com", "wss://api.livechatinc.com", "https://secure.livechatinc.com"],
    img: ["https://cdn.livechat-files.com"],
    frame: ["https://secure.livechatinc.com"],
    style: [],
  },
  engagement: {
    script: ["https://cdp.customer.io"],
    connect: ["https://cdp.customer.io"],
    img: [],
    frame: [],
    style: [],
  },
  pixel: {
    script: ["https://connect.facebook.net"],
    connect: ["https://www.facebook.com", "https://connect.facebook.net"],
    img: ["https://www.facebook.com"],
    frame: [],
    style: [],
  },
};

/**
 * The origins the page policy must allow for exactly the configured services. With a test stand-in
 * (EXTERNAL_SERVICES_BASE_URL) every script comes from it, so it is the only extra origin.
 */
export function externalServiceOrigins(services: ExternalServicesConfig, standIn?: string): ExternalOrigins {
  const origins: ExternalOrigins = { script: [], connect: [], img: [], frame: [], style: [] };
  const configured = (Object.keys(VENDOR_ORIGINS) as (keyof ExternalServicesConfig)[]).filter((key) => services[key]);
  if (configured.length === 0) return origins;
  if (standIn) {
    const origin = new URL(standIn).origin;
    return { script: [origin], connect: [origin], img: [origin], frame: [origin], style: [] };
  }
  for (const key of configured) {
    for (const directive of Object.keys(origins) as (keyof ExternalOrigins)[]) {
      for (const source of VENDOR_ORIGINS[key][directive]) if (!origins[directive].includes(source)) origins[directive].push(source);
    }
  }
  return origins;
}
