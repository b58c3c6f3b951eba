/**
 * Whether a host name (as in HOST, or a request's Host header without its port) names this machine's
 * loopback interface: localhost, *.localhost (RFC 6761 reserves it for loopback), 127.0.0.0/8 or ::1.
 * Only such names may open the development-only routes by default or steer launch URLs: nobody else
 * can reach a loopback address, and nobody else's browser sends such a Host header to us.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (/^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(name)) return true;
  return name === "::1" || name === "0:0:0:0:0:0:0:1";
}

/** HOST values that listen on every interface: reachable from the network, never loopback. */
export const isWildcardHost = (host: string) => ["0.0.0.0", "::", "[::]", "0:0:0:0:0:0:0:0"].includes(host.trim());
