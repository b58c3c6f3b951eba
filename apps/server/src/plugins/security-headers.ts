import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

type Options = { helmet: HelmetOptions };

/**
 * Helmet's response headers on every answer. Helmet's headers depend on its
 * options only, never on the request, so they are computed once at boot by
 * running helmet's own middleware against a recording response. @fastify/helmet
 * rebuilt the whole middleware (option parsing, thirteen sub-middlewares) on
 * every request: a twelfth of the server's CPU per provider wallet call under
 * bench:wallet. Pages that need their own policy (the HTML shell's nonce CSP,
 * dev pages) overwrite content-security-policy in their handler, as before.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: Options) => {
  const headers = helmetHeaders(options.helmet);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}, { name: "croupier-security-headers" });

export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  // Helmet always sets at least these; an empty set means its API changed under us.
  if (!headers["x-content-type-options"] || !headers["content-security-policy"]) {
    throw new Error(`helmet produced an unexpected header set: ${Object.keys(headers).join(", ")}`);
  }
  return headers;
}
