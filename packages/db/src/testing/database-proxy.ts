import net from "node:net";

/**
 * A TCP proxy in front of PostgreSQL that a fault test or the chaos bench can cut (every connection dies, new ones
 * are reset at once: a stopped or restarting server), silence (connections are accepted and never answered: a server
 * that hangs) and restore, without touching the shared PostgreSQL server other tests and engineers use (ADR 039,
 * ADR 046). Point a pool at `host:port` (see `proxiedUrl`); the proxy forwards byte for byte.
 */
export type DatabaseProxy = {
  host: string;
  port: number;
  /** Connections currently open through the proxy (client side), for tests and the bench's report. */
  readonly open_connections: number;
  cut: () => Promise<void>;
  silence: () => Promise<void>;
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

/** At most this many connections through the proxy at once; more are refused (a pool never needs that many). */
const MAX_CONNECTIONS = 512;

export async function startDatabaseProxy(target: { host: string; port: number }, port = 0): Promise<DatabaseProxy> {
  const host = "127.0.0.1";
  const sockets = new Set<net.Socket>();
  const clients = new Set<net.Socket>();
  let mode: "forward" | "cut" | "silent" = "forward";
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    // Cut: reset at once (ECONNRESET on the other side). The port stays bound, so nobody else can take it
    // while the outage lasts and the restore always gets it back.
    if (mode === "cut" || clients.size >= MAX_CONNECTIONS) return void client.resetAndDestroy();
    track(client);
    clients.add(client);
    client.on("close", () => clients.delete(client));
    if (mode === "silent") return; // holds the connection open and says nothing
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  /** Every open connection dies, both sides. */
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  await listen();
  const boundPort = (server.address() as net.AddressInfo).port;
  const switchTo = (next: typeof mode) => {
    mode = next;
    dropAll();
  };
  return {
    host,
    port: boundPort,
    get open_connections() {
      return clients.size;
    },
    cut: async () => switchTo("cut"),
    silence: async () => switchTo("silent"),
    restore: async () => switchTo("forward"),
    close: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      dropAll();
      await closed;
    },
  };
}

/** `url` (a PostgreSQL URL) with its host and port replaced by the proxy's, and optionally another database. */
export function proxiedUrl(url: string, proxy: { host: string; port: number }, database?: string): string {
  const proxied = new URL(url);
  proxied.hostname = proxy.host;
  proxied.port = String(proxy.port);
  if (database) proxied.pathname = `/${database}`;
  return proxied.toString();
}
