import fs from "node:fs";
import { isIP } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { Reader, type CountryResponse } from "mmdb-lib";

export type GeoLookup = { available: boolean; country: (ip: string | null | undefined) => string | null };

const UNAVAILABLE: GeoLookup = { available: false, country: () => null };
const lookups = new Map<string, GeoLookup>();

/**
 * The visitor's country from a local MaxMind DB file (GeoLite2-Country, DB-IP lite or any MMDB with
 * country.iso_code). Read once per path and kept in memory (a country database is a few MB); an
 * operator who replaces the file restarts the server. No path, or a file that cannot be read: every
 * lookup answers null (unknown) and the server says so once at boot, so a missing database never
 * turns into "everyone is restricted".
 */
export function geoLookup(path: string, log: Pick<FastifyBaseLogger, "warn">): GeoLookup {
  const known = lookups.get(path);
  if (known) return known;
  const lookup = openLookup(path, log);
  lookups.set(path, lookup);
  return lookup;
}

function openLookup(path: string, log: Pick<FastifyBaseLogger, "warn">): GeoLookup {
  if (!path) {
    log.warn(
      "GEOIP_DB_PATH is not set: countries come only from COUNTRY_HEADER (allowed_countries cannot be checked without one)",
    );
    return UNAVAILABLE;
  }
  let reader: Reader<CountryResponse>;
  try {
    reader = new Reader<CountryResponse>(fs.readFileSync(path));
  } catch (error) {
    log.warn(
      { path, reason: error instanceof Error ? error.message : String(error) },
      "GeoIP database absent or unreadable: lookups skipped",
    );
    return UNAVAILABLE;
  }
  return {
    available: true,
    country: (ip) => {
      if (!ip) return null;
      const address = ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
      if (!isIP(address)) return null;
      try {
        const code = reader.get(address)?.country?.iso_code;
        return code && /^[A-Z]{2}$/.test(code) ? code : null;
      } catch {
        // An IPv6 address against an IPv4-only file.
        return null;
      }
    },
  };
}
