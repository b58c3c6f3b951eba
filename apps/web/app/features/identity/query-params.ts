import type { Tokens } from "./token-lifecycle";
import type { ProviderReturn } from "./auth-actions";

export const MAGIC_LINK_PARAM = "magic_link";
export const TOKEN_PARAM = "token";
export const PAYLOAD_PARAMS = ["payload", "alertify"] as const;
/** What an identity provider appends on its way back (hd is Google's hosted domain). */
export const PROVIDER_RETURN_PARAMS = ["state", "code", "authuser", "scope", "prompt", "hd"] as const;
export const NOT_AUTHORIZED = "User not authorized";

function without(search: URLSearchParams, names: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of names) next.delete(name);
  return next;
}

/** base64 (standard or URL-safe, padding optional) JSON → an object, or null. */
export function decodePayload(value: string): Record<string, unknown> | null {
  try {
    const base64 = value.replace(/-/g, "+").replace(/_/g, "/").replace(/\s/g, "");
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const parsed = JSON.parse(json) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export type PayloadOutcome = {
  /** The address to continue with: payload and alertify removed, modal=login added for a login error. */
  search: URLSearchParams;
  kind: "not-authorized" | "error" | "tokens" | "unreadable";
  /** Present for kind "tokens": the refresh token, with the access token when the payload has one. */
  tokens?: { refresh_token: string; access_token: string | null };
};

/**
 * The `payload` parameter (base64 JSON) an external flow sends back: error 'User not authorized'
 * → strip and stay; any other error → strip and open the login dialog; a refresh_token → strip
 * (the caller stores the tokens). Null when there is no payload or it asks for nothing.
 */
export function interpretPayloadParam(search: URLSearchParams): PayloadOutcome | null {
  const raw = search.get("payload");
  if (raw === null) return null;
  const stripped = without(search, PAYLOAD_PARAMS);
  const payload = decodePayload(raw);
  if (!payload) return { search: stripped, kind: "unreadable" };
  const error = payload.error;
  if (error !== undefined && error !== null && error !== "") {
    if (error === NOT_AUTHORIZED) return { search: stripped, kind: "not-authorized" };
    stripped.set("modal", "login");
    return { search: stripped, kind: "error" };
  }
  if (typeof payload.refresh_token === "string" && payload.refresh_token) {
    const access = typeof payload.access_token === "string" && payload.access_token ? payload.access_token : null;
    return { search: stripped, kind: "tokens", tokens: { refresh_token: payload.refresh_token, access_token: access } };
  }
  return null;
}

export const hasFullTokens = (tokens: PayloadOutcome["tokens"]): tokens is Tokens => Boolean(tokens?.access_token);

/**
 * ?token= approves an email address, except inside a password reset link (modal=setNewPassword
 * carries its own token). A suffix after a slash ("abc/deposit") asks for the deposit dialog next.
 */
export function emailApprovalParam(search: URLSearchParams): { token: string; openDeposit: boolean } | null {
  const raw = search.get(TOKEN_PARAM);
  if (!raw || search.get("modal") === "setNewPassword") return null;
  const slash = raw.indexOf("/");
  const token = slash === -1 ? raw : raw.slice(0, slash);
  const suffix = slash === -1 ? "" : raw.slice(slash + 1);
  if (!token) return null;
  return { token, openDeposit: /deposit/i.test(suffix) };
}

/** After approval: token removed; modal=deposit when asked for, otherwise the modal closed. */
export function afterEmailApproval(search: URLSearchParams, openDeposit: boolean): URLSearchParams {
  const next = without(search, [TOKEN_PARAM, "modal"]);
  if (openDeposit) next.set("modal", "deposit");
  return next;
}

export function providerReturnParam(search: URLSearchParams): ProviderReturn | null {
  const state = search.get("state");
  const code = search.get("code");
  if (!state || !code) return null;
  const optional = (name: string) => search.get(name) ?? undefined;
  return { state, code, scope: optional("scope"), authuser: optional("authuser"), prompt: optional("prompt"), hd: optional("hd") };
}

export const withoutProviderParams = (search: URLSearchParams) => without(search, PROVIDER_RETURN_PARAMS);
export const withoutParams = without;
