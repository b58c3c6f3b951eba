import type { FastifyRequest } from "fastify";
import { UAParser } from "ua-parser-js";
import type { Env } from "../../../env.ts";
import { peerIsTrustedProxy } from "../../../lib/trust-proxy.ts";

export type ClientDescription = {
  ip: string | null;
  user_agent: string | null;
  device: string | null;
  platform: string | null;
  os_name: string | null;
  os_version: string | null;
  browser_name: string | null;
  browser_version: string | null;
  language: string | null;
  time_zone: string | null;
  window_size: string | null;
  country: string | null;
};

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === "string" ? value : undefined;
};
const cut = (value: string | undefined | null, max: number) => (value ? value.slice(0, max) : null);

/**
 * The session-log facts about the caller. Only the trusted proxy may tell us the
 * country (COUNTRY_HEADER, read only when the socket's peer is a TRUST_PROXY proxy); a browser-sent
 * header would be a lie detector for nothing.
 */
export function describeClient(request: FastifyRequest, env: Env, defaultCountry: string | null): ClientDescription {
  const ua = cut(header(request, "user-agent"), 512);
  const parsed = UAParser(ua ?? "");
  const windowSize = header(request, "window-size");
  const language = header(request, "accept-language")?.split(",")[0]?.split(";")[0]?.trim();
  const timeZone = header(request, "time-zone") ?? header(request, "x-time-zone");
  const platformHint = header(request, "sec-ch-ua-platform")?.replace(/"/g, "");
  return {
    ip: cut(request.ip, 45),
    user_agent: ua,
    device: ua ? (parsed.device.type ?? "desktop") : null,
    platform: cut(platformHint ?? parsed.os.name, 64),
    os_name: cut(parsed.os.name, 64),
    os_version: cut(parsed.os.version, 32),
    browser_name: cut(parsed.browser.name, 64),
    browser_version: cut(parsed.browser.version, 32),
    language: language && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(language) ? language.slice(0, 35) : null,
    time_zone: timeZone && /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$|^UTC$/.test(timeZone) ? timeZone.slice(0, 64) : null,
    window_size: windowSize && /^\d{1,5}[*x]\d{1,5}$/.test(windowSize) ? windowSize : null,
    country: proxyCountry(request, env) ?? defaultCountry,
  };
}

export function proxyCountry(request: FastifyRequest, env: Env): string | null {
  if (!env.COUNTRY_HEADER || !peerIsTrustedProxy(env.TRUST_PROXY, request.socket?.remoteAddress)) return null;
  const value = header(request, env.COUNTRY_HEADER)?.trim().toUpperCase();
  // Cloudflare uses XX (unknown) and T1 (Tor): neither is a country.
  if (!value || !/^[A-Z]{2}$/.test(value) || value === "XX" || value === "T1") return null;
  return value;
}
