import { BlockList, isIP } from "node:net";
import { z } from "zod";

/**
 * TRUST_PROXY: which X-Forwarded-For entries may name the client. The address a request came
 * from decides login lockouts, rate limits and the session list, so "trust every hop" is refused:
 * anyone could then invent a new address per request (issue #13 item 9).
 *
 * - "" / "false" / "0": no proxy; the socket's address is the client.
 * - "1".."10": that many proxies in front (a load balancer is 1; a CDN in front of it is 2). The
 *   client is the entry that many hops back from the socket; entries the client wrote are ignored.
 *   A hop count cannot check who connected, so the server must be reachable only through the
 *   proxies (Fastify itself refuses hop counts for that reason; addresses are the safer choice).
 * - a comma-separated list of proxy addresses or CIDRs ("10.0.0.0/8, 2001:db8::/32") or the names
 *   loopback, linklocal, uniquelocal: X-Forwarded-For is walked back through those addresses only.
 *
 * fastifyTrustProxy turns the parsed value into Fastify's trustProxy option.
 */
export type TrustProxy = false | number | string[];

const MAX_HOPS = 10;
const MAX_ENTRIES = 64;
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export const trustProxySetting = z
  .string()
  .max(4096)
  .default("")
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim().toLowerCase();
    if (value === "" || value === "false" || value === "0") return false;
    if (value === "true") {
      ctx.addIssue({
        code: "custom",
        message:
          'true would believe any X-Forwarded-For a client sends; give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. "10.0.0.0/8,127.0.0.1")',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= MAX_HOPS) return hops;
      ctx.addIssue({ code: "custom", message: `a hop count must be from 1 to ${MAX_HOPS}` });
      return z.NEVER;
    }
    const entries = value.split(",").map((entry) => entry.trim()).filter(Boolean);
    const wrong = entries.filter((entry) => !isProxyEntry(entry));
    if (wrong.length > 0 || entries.length === 0 || entries.length > MAX_ENTRIES) {
      ctx.addIssue({
        code: "custom",
        message: `must be a hop count or up to ${MAX_ENTRIES} proxy addresses/CIDRs (or loopback, linklocal, uniquelocal); not understood: ${wrong.slice(0, 3).join(", ") || value.slice(0, 40)}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const NAMED_CIDRS: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

function blockListOf(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED_CIDRS[e] ?? [e])) {
    const [address = "", prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/**
 * Whether the socket's peer is a proxy we trust, so a header only that proxy sets (the visitor's
 * country) may be read. With a hop count the peer is the proxy by the operator's word.
 */
export function peerIsTrustedProxy(setting: TrustProxy, remoteAddress: string | undefined): boolean {
  if (setting === false || !remoteAddress) return false;
  if (typeof setting === "number") return true;
  const address = remoteAddress.startsWith("::ffff:") && isIP(remoteAddress.slice(7)) === 4 ? remoteAddress.slice(7) : remoteAddress;
  const family = isIP(address);
  if (!family) return false;
  return blockListOf(setting).check(address, family === 6 ? "ipv6" : "ipv4");
}

/** Fastify's trustProxy option: a hop count becomes "the first N hops from the socket are proxies". */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== "number") return setting;
  return (_address, hop) => hop < setting;
}
