import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { devOutboxRoutes } from "../mail/dev-outbox-routes.ts";
import { devOidcProviderRoutes } from "./oidc/dev-provider-routes.ts";

/**
 * /dev/outbox and the /dev/oidc identity provider: they show everyone's mail and sign anyone in as any
 * player, so they exist only in demo mode (DEMO_MODE, which production and reachable hosts refuse: env.ts).
 */
export const identityDevRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.env.DEMO_MODE || app.env.NODE_ENV === "production") return;
  await app.register(devOutboxRoutes);
  if (app.env.DEV_OIDC_PROVIDER) await app.register(devOidcProviderRoutes);
};

/** Log redaction: secrets never reach a log line, whatever gets logged. */
export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-captcha-response"]',
  "res.headers['set-cookie']",
  "body.password",
  "body.password_confirmation",
  "body.current_password",
  "body.new_password",
  "body.token",
  "body.refresh_token",
  "body.code",
  "req.body.password",
  "req.body.password_confirmation",
  "req.body.current_password",
  "req.body.new_password",
  "req.body.token",
  "req.body.refresh_token",
  "req.body.code",
  "*.access_token",
  "*.refresh_token",
];

// Query strings can carry codes and states (/authorization/provider-login?code=…): log the path only,
// with the values of secret-looking parameters masked.
const SECRET_PARAMS = /^(code|state|token|magic_link|refresh_token|access_token|password)$/i;
export function logRequestSerializer(req: { method: string; url: string; ip?: string; id?: string }) {
  const [path, query] = req.url.split("?", 2);
  let url = path ?? "";
  if (query) {
    const params = [...new URLSearchParams(query)].map(([key, value]) =>
      `${encodeURIComponent(key)}=${SECRET_PARAMS.test(key) ? "[Redacted]" : encodeURIComponent(value)}`,
    );
    url += `?${params.join("&")}`;
  }
  return { method: req.method, url, remoteAddress: req.ip, id: req.id };
}
