import type { Env } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { HOUSE_PROVIDER_CODE } from "../provider-wallet/providers.ts";

export type LaunchParams = {
  /** The game session token (real play only). */
  token: string | null;
  mode: "real" | "demo";
  lang: string;
  currency: string;
  device: "desktop" | "mobile";
  /** A path on this site the game's own exit button leads to. */
  exitUrl: string | null;
};

type LaunchEnv = Pick<Env, "PUBLIC_URL" | "GAME_LAUNCH_URLS">;

/** The launch URL template of a provider: configuration, with the house provider's default. */
export function launchTemplate(env: LaunchEnv, providerCode: string): string | null {
  const configured = env.GAME_LAUNCH_URLS.find((entry) => entry.code === providerCode);
  if (configured) return configured.template;
  if (providerCode === HOUSE_PROVIDER_CODE) return `${env.PUBLIC_URL.replace(/\/$/, "")}/house/play/{game_code}`;
  return null;
}

/**
 * The URL the game frame opens. Every provider gets the same parameters: the
 * game session token as `token` (the provider presents it in every wallet
 * call), mode, language, currency code, device, exit_url, and parent_origin
 * (the origin its window messages must be posted to).
 */
export function providerLaunchUrl(env: LaunchEnv, providerCode: string, gameCode: string, params: LaunchParams): string {
  const template = launchTemplate(env, providerCode);
  if (!template) throw new AppError("SERVICE_UNAVAILABLE", "This game cannot be launched right now. Please try again later.");
  const url = new URL(template.replaceAll("{game_code}", encodeURIComponent(gameCode)));
  if (params.token) url.searchParams.set("token", params.token);
  url.searchParams.set("mode", params.mode);
  url.searchParams.set("lang", params.lang);
  url.searchParams.set("currency", params.currency);
  url.searchParams.set("device", params.device);
  if (params.exitUrl) url.searchParams.set("exit_url", params.exitUrl);
  url.searchParams.set("parent_origin", new URL(env.PUBLIC_URL).origin);
  return url.toString();
}

/** Only a path on this site (or an absolute URL on PUBLIC_URL's origin, reduced to its path) may be an exit URL. */
export function safeExitUrl(env: Pick<Env, "PUBLIC_URL">, exitUrl: string | undefined): string | null {
  if (!exitUrl) return null;
  if (exitUrl.startsWith("/") && !exitUrl.startsWith("//") && !exitUrl.startsWith("/\\")) return exitUrl;
  try {
    const url = new URL(exitUrl);
    if (url.origin !== new URL(env.PUBLIC_URL).origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
