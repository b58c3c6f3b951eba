import type { FastifyRequest } from "fastify";
import type { Env } from "../../env.ts";
import { proxyCountry } from "../identity/sessions/describe-client.ts";
import { geoLookup } from "./geo-lookup.ts";

/**
 * Where the visitor is: the trusted proxy's country header first (COUNTRY_HEADER, only from a
 * TRUST_PROXY peer), then the GeoIP database on the trusted client address (request.ip, ADR 015).
 * Null when neither can tell.
 */
export function visitorCountry(request: FastifyRequest, env: Env): string | null {
  return proxyCountry(request, env) ?? geoLookup(env.GEOIP_DB_PATH, request.log).country(request.ip);
}
