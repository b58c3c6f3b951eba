import { requireParams } from "@croupier/contract/api-client";
import { getBrowserQueryClient } from "../../lib/query-client";
import { captchaHeaders } from "./captcha-header";
import { playerApi } from "../../lib/player-api";
import { announceTrackingEvent } from "../../lib/tracking-events";
import { getTokenLifecycle } from "./identity-api";
import type { Tokens } from "./token-lifecycle";

const PROVIDER_KEY = "croupier.identity_provider";

/** Where mailed links lead: this site's home page (the server only accepts its own origin). */
export const homeUrl = () => new URL("/", window.location.origin).toString();

/** Stores the tokens of a login: the player is authenticated and the profile reloads. */
export function acceptLogin(tokens: Tokens) {
  getTokenLifecycle().accept(tokens);
  void getBrowserQueryClient().invalidateQueries({ queryKey: ["identity"] });
}

/** captchaToken: the reCAPTCHA answer, required by the server when captcha is on. */
export async function loginWithPassword(input: { email: string; password: string }, captchaToken?: string) {
  const { payload } = await playerApi().post<Tokens>("/api/v1/authorization/login", { body: requireParams("body", input), headers: captchaHeaders(captchaToken) });
  acceptLogin(payload);
}

export async function requestLoginCode(email: string) {
  await playerApi().post("/api/v1/authorization/request-login-code", { body: { email } });
}

/** POST /authorization/code-login: the mailed code or the magic link's code. */
export async function loginWithCode(token: string, email?: string) {
  const { payload } = await playerApi().post<Tokens>("/api/v1/authorization/code-login", { body: email ? { token, email } : { token } });
  acceptLogin(payload);
}

/**
 * Logout ends the session on the server, which answers with a fresh anonymous session: storing
 * it is the "new session" of the contract. When the call fails the tokens go anyway.
 */
export async function logout() {
  const lifecycle = getTokenLifecycle();
  try {
    const { payload } = await playerApi().post<Tokens>("/api/v1/authorization/logout", { credentials: "include" });
    lifecycle.accept(payload);
  } catch {
    lifecycle.unauthorized();
  }
  getBrowserQueryClient().removeQueries({ queryKey: ["identity"] });
}

/** Remembers the provider (its return only carries state and code) and leaves for its login page. */
export async function startProviderLogin(provider: string, options: { bTag?: string | null } = {}) {
  const { payload } = await playerApi().get<{ redirect_url: string }>("/api/v1/authorization/provider-redirect", {
    query: { provider: requireParams("provider", provider), b_tag: options.bTag ?? undefined },
  });
  sessionStorage.setItem(PROVIDER_KEY, provider);
  window.location.assign(payload.redirect_url);
}

export type ProviderReturn = { state: string; code: string; scope?: string; authuser?: string; prompt?: string; hd?: string };

export async function finishProviderLogin(params: ProviderReturn) {
  const provider = sessionStorage.getItem(PROVIDER_KEY);
  sessionStorage.removeItem(PROVIDER_KEY);
  const { payload } = await playerApi().post<Tokens>("/api/v1/authorization/provider-login", {
    query: {
      provider: requireParams("provider", provider),
      state: requireParams("state", params.state),
      code: requireParams("code", params.code),
      scope: params.scope,
      authuser: params.authuser,
      prompt: params.prompt,
      hd: params.hd,
    },
  });
  acceptLogin(payload);
}

export async function signUp(body: Record<string, unknown>, captchaToken?: string) {
  const { payload } = await playerApi().post<Tokens>("/api/v1/signup", { body: requireParams("body", body), headers: captchaHeaders(captchaToken) });
  acceptLogin(payload);
  // The pixel's Lead (sent only with marketing consent; ADR 027).
  announceTrackingEvent({ name: "Lead" });
}

export async function requestPasswordReset(email: string, captchaToken?: string) {
  await playerApi().post("/api/v1/password/token", { body: { email, redirect_url: homeUrl() }, headers: captchaHeaders(captchaToken) });
}

export async function resetPassword(token: string, newPassword: string) {
  await playerApi().post("/api/v1/password/reset", { body: { token, new_password: newPassword } });
}

export async function updatePassword(currentPassword: string, newPassword: string) {
  await playerApi().post("/api/v1/password/update", { body: { current_password: currentPassword, new_password: newPassword } });
}

export async function verifyEmail(token: string) {
  await playerApi().post("/api/v1/signup/verify", { body: { token } });
  await getBrowserQueryClient().invalidateQueries({ queryKey: ["identity", "profile"] });
}

export async function requestEmailApproval(email: string) {
  await playerApi().post("/api/v1/signup/request", { body: { email, redirect_url: homeUrl() } });
}

export async function terminateOtherSessions() {
  await playerApi().post("/api/v1/session/terminate");
  await getBrowserQueryClient().invalidateQueries({ queryKey: ["identity", "sessions"] });
}
