import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Metrics } from "../plugins/observability.ts";
import { bearerMatches } from "./bearer-token.ts";

export type MetricsListener = { port: number; close: () => Promise<void> };

/**
 * /metrics on its own address (METRICS_HOST:METRICS_PORT), so an operator can
 * keep it on a private interface that only Prometheus reaches. Nothing else is
 * served there; METRICS_TOKEN applies here too when set.
 */
export async function startMetricsListener(options: {
  host: string;
  port: number;
  token?: string;
  metrics: Metrics;
}): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (request.method !== "GET" || path !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found: only GET /metrics is served here\n");
      return;
    }
    if (options.token !== undefined && !bearerMatches(request.headers.authorization, options.token)) {
      response
        .writeHead(401, { "content-type": "text/plain", "www-authenticate": 'Bearer realm="metrics"' })
        .end("Metrics need the METRICS_TOKEN bearer token\n");
      return;
    }
    options.metrics.render().then(
      (text) => response.writeHead(200, { "content-type": options.metrics.contentType }).end(text),
      () => response.writeHead(500, { "content-type": "text/plain" }).end("Metrics failed\n"),
    );
  });
  // Headers only, never a body: a slow client must not hold a socket for long.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
