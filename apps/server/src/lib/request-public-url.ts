import type { FastifyRequest } from "fastify";
import type { Env } from "../env.ts";
import { isLoopbackHost } from "./loopback-host.ts";

// host[:port] as a browser sends it: a name or an IPv4 address, or a bracketed IPv6 address.
const HOST_HEADER = /^(\[[0-9a-f:.]{2,45}\]|[a-z0-9.-]{1,253})(:\d{1,5})?$/i;

/**
 * The public URL to build this request's links on (game launch URLs, their parent_origin). PUBLIC_URL
 * when it is set, and always in production. Otherwise a request that reached us through a loopback
 * name (127.0.0.1, [::1], a *.localhost name) gets the origin it used: a newcomer who opens the demo at
 * http://127.0.0.1:3000 instead of http://localhost:3000 must not get a game frame on another origin,
 * which the game page's frame-ancestors 'self' refuses. Any other Host header is ignored: it must not
 * steer the links we hand out (Host header injection); such deployments set PUBLIC_URL.
 */
export function requestPublicUrl(
  env: Pick<Env, "PUBLIC_URL" | "publicUrlFromRequest">,
  request: FastifyRequest,
): string {
  if (!env.publicUrlFromRequest) return env.PUBLIC_URL;
  const host = request.host;
  if (!HOST_HEADER.test(host) || !isLoopbackHost(request.hostname)) return env.PUBLIC_URL;
  const protocol = request.protocol === "https" ? "https" : "http";
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return env.PUBLIC_URL;
  }
}
