// The server the page benchmarks measure: the real server in production mode
// with the demo data, on a throwaway DATA_DIR and a fresh PGlite database (or
// BENCH_DATABASE_URL), built first when the web build is missing.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureWebBuild, freePort, startServer, stopProcess, waitForReady } from "./processes.mjs";

export type BenchServer = {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** BENCH_DATABASE_URL, or "" for PGlite in DATA_DIR. */
  databaseUrl: string;
  /** Stops the server and removes its DATA_DIR. */
  stop: () => Promise<void>;
  /** The server process's id (CPU time from /proc/<pid>/stat). */
  pid: number | undefined;
};

/** Resolves once /readyz answers 200; on failure the server is stopped and its DATA_DIR removed. */
export async function startBenchServer({ name }: { name: string }): Promise<BenchServer> {
  // WEB_BUILD_DIR: a build kept elsewhere (A/B runs while the shared build changes) is served as is.
  if (!process.env.WEB_BUILD_DIR) await ensureWebBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `croupier-${name}-`));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
  const server = startServer(
    {
      NODE_ENV: "production",
      // Production refuses the public default secrets; these live as long as the run.
      JWT_SECRET: randomBytes(32).toString("hex"),
      PROVIDER_HOUSE_SECRET: randomBytes(16).toString("hex"),
      STAFF_SECRET_KEY: randomBytes(32).toString("hex"),
      DOCUMENTS_KEY: randomBytes(32).toString("hex"),
      SEED_DEMO_DATA: "true",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: "",
      LOG_LEVEL: "warn",
      SERVE_WEB: "true",
    },
    { quiet: true },
  );
  const stop = async () => {
    await stopProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(`${origin}/readyz`, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, databaseUrl, stop, pid: server.pid };
}
