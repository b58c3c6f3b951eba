import { playerReference, signLaunch } from "@croupier/contract/launch-signature";
import type { Env } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { configuredProviders, HOUSE_PROVIDER_CODE } from "../provider-wallet/providers.ts";

export type LaunchParams = {
  /** The game session token (real play only). */
  token: string | null;
  mode: "real" | "demo";
  lang: string;
  currency: string;
  device: "desktop" | "mobile";
  /** A path on this site the game's own exit button leads to. */
  exitUrl: string | null;
  /** The player (real play only): the provider gets a pseudonymous reference, never this id. */
  playerGuid?: string | null;
  /**
   * The player's highest stake per slot game cycle in the play currency, where the jurisdiction
   * limits it (ADR 025): sent as `max_stake` so the game's stake selector stops there. Unsigned: the
   * wallet enforces the limit whatever the game shows.
   */
  maxStake?: string | null;
};

type LaunchEnv = Pick<Env, "PUBLIC_URL" | "GAME_LAUNCH_URLS" | "JURISDICTION" | "PROVIDER_HOUSE_SECRET" | "PROVIDERS">;

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
 * call), mode, language, currency code, device, exit_url, parent_origin
 * (the origin its window messages must be posted to), and the signed launch
 * (ADR 010): `jurisdiction` (the operator's profile code), `player` (a stable
 * pseudonymous reference, real play only) and `launch_sig`, HMAC-SHA256 with
 * the provider's shared secret over token, game code, jurisdiction and player,
 * so a player cannot edit the URL to pick a laxer jurisdiction or another
 * player's limits. A provider without a wallet secret gets no signature.
 */
export function providerLaunchUrl(env: LaunchEnv, providerCode: string, gameCode: string, params: LaunchParams): string {
  const template = launchTemplate(env, providerCode);
  if (!template) throw new AppError("SERVICE_UNAVAILABLE", "This game cannot be launched right now. Please try again later.");
  const url = new URL(template.replaceAll("{game_code}", encodeURIComponent(gameCode)));
  const secret = configuredProviders(env).get(providerCode)?.secret ?? null;
  const token = params.mode === "real" ? params.token : null;
  const player = secret && params.mode === "real" && params.playerGuid ? playerReference(secret, params.playerGuid) : null;
  if (token) url.searchParams.set("token", token);
  url.searchParams.set("mode", params.mode);
  url.searchParams.set("lang", params.lang);
  url.searchParams.set("currency", params.currency);
  url.searchParams.set("device", params.device);
  if (params.exitUrl) url.searchParams.set("exit_url", params.exitUrl);
  url.searchParams.set("parent_origin", new URL(env.PUBLIC_URL).origin);
  url.searchParams.set("jurisdiction", env.JURISDICTION);
  if (player) url.searchParams.set("player", player);
  if (params.maxStake) url.searchParams.set("max_stake", params.maxStake);
  if (secret) url.searchParams.set("launch_sig", signLaunch(secret, { token, game_code: gameCode, jurisdiction: env.JURISDICTION, player }));
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
