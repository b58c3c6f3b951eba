import type { ExternalServicesConfig } from "@croupier/contract/entities/external-services-config";
import { SERVICE_CONSENT } from "@croupier/contract/service-consent";

export type ServiceName = keyof ExternalServicesConfig;
export type ConsentChoice = { analytics: boolean; marketing: boolean };

/** The configured services the player's choice allows; no choice (null/undefined) allows none. */
export function allowedServices(config: ExternalServicesConfig | undefined, consent: ConsentChoice | null | undefined): ServiceName[] {
  if (!config || !consent) return [];
  return (Object.keys(SERVICE_CONSENT) as ServiceName[]).filter((name) => config[name] && consent[SERVICE_CONSENT[name]]);
}

/** Whether the choice allows anything at all (before the configuration is even asked for). */
export function allowsAnything(consent: ConsentChoice | null | undefined): boolean {
  return consent?.analytics === true || consent?.marketing === true;
}

// First-party cookies the vendors' scripts set on this site; cleared when consent is withdrawn.
const VENDOR_COOKIE = /^(_ga(_.*)?|_gid|_gat.*|_hj.*|_fbp|_fbc|ajs_.*|__lc.*)$/;

export function clearVendorCookies(doc: Document = document) {
  for (const part of doc.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (!name || !VENDOR_COOKIE.test(name)) continue;
    const expire = `${name}=; Max-Age=0; path=/`;
    doc.cookie = expire;
    // GA sets its cookies on the registrable domain (".example.com").
    const domain = location.hostname.split(".").slice(-2).join(".");
    doc.cookie = `${expire}; domain=.${domain}`;
  }
}
