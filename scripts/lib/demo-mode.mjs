// Whether `npm start` / `npm run dev` turn demo mode on (docs/decisions/013-demo-mode.md): only for the
// embedded database (DATABASE_URL unset), outside production, on a loopback HOST, and only when the
// operator has not set DEMO_MODE themselves (in the environment or in .env). The server itself refuses
// demo mode on a reachable HOST; here we simply leave it off and say so.
import fs from "node:fs";
import { parseEnv } from "node:util";

// Mirrors apps/server/src/lib/loopback-host.ts (these scripts run without the TypeScript loader).
function isLoopbackHost(host) {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (/^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(name)) return true;
  return name === "::1" || name === "0:0:0:0:0:0:0:1";
}

/** The variables to add to the server's environment: { DEMO_MODE: "true" } or nothing. */
export function demoModeEnv(envFile, { log = console.log } = {}) {
  const fromFile = fs.existsSync(envFile) ? parseEnv(fs.readFileSync(envFile, "utf8")) : {};
  // As with Node's --env-file, a variable already in the environment wins over the file.
  const setting = (name) => process.env[name] ?? fromFile[name];
  if (setting("DEMO_MODE") !== undefined && setting("DEMO_MODE") !== "") return {};
  if (setting("NODE_ENV") === "production" || setting("DATABASE_URL")) return {};
  const host = setting("HOST") || "localhost";
  if (!isLoopbackHost(host)) {
    log(
      `Demo mode stays off: HOST=${host} can be reached from other machines (demo mode lets anyone sign in as any player).` +
        " Set DEMO_MODE=true and DEMO_MODE_ALLOW_REMOTE=true to insist.",
    );
    return {};
  }
  return { DEMO_MODE: "true" };
}
