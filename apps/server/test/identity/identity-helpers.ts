import type { App } from "../../src/app.ts";

export type Tokens = { access_token: string; refresh_token: string };

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function createSession(app: App, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: "POST", url: "/api/v1/session/create", headers });
  if (res.statusCode !== 200) throw new Error(`session/create ${res.statusCode}: ${res.body}`);
  return res.json() as { payload: Tokens; metadata: { country_code: string | null } };
}

export async function signUp(app: App, email: string, password = "correct-horse-9", extra: Record<string, unknown> = {}) {
  const currencies = await app.inject({ method: "GET", url: "/api/v1/dictionary/currencies" });
  const usd = (currencies.json().payload as { guid: string; code: string }[]).find((c) => c.code === "USD")!;
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/signup",
    payload: { email, password, currency_guid: usd.guid, ...extra },
  });
  if (res.statusCode !== 200) throw new Error(`signup ${res.statusCode}: ${res.body}`);
  return res.json().payload as Tokens & { profile: { id: string } };
}

export async function login(app: App, email: string, password: string, headers: Record<string, string> = {}) {
  return app.inject({ method: "POST", url: "/api/v1/authorization/login", payload: { email, password }, headers });
}

export type OutboxMail = { recipient: string; subject: string | null; text: string; channel: string };
export async function outbox(app: App, to: string): Promise<OutboxMail[]> {
  const res = await app.inject({ method: "GET", url: `/dev/outbox.json?to=${encodeURIComponent(to)}` });
  return res.json().payload;
}

/** The first link in the newest mail to `to` whose subject matches. */
export async function mailedLink(app: App, to: string, subject: RegExp): Promise<URL> {
  const mail = (await outbox(app, to)).find((m) => subject.test(m.subject ?? ""));
  if (!mail) throw new Error(`no mail "${subject}" to ${to}`);
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error("no link in mail");
  return new URL(link);
}

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"));
}
