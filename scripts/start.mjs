// npm start: build the web app if it has never been built, then run the server
// (web app + API on one origin; with NODE_ENV=production, the server's bundle, npm
// run build:server). NODE_ENV is left as the user set it. With the embedded database on a loopback HOST it runs the demo (DEMO_MODE=true: demo
// players, dev outbox, sandbox payments) unless DEMO_MODE is set (ADR 013).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { demoModeEnv } from "./lib/demo-mode.mjs";
import { ensureWebBuild, exitCodeOf, root, serverEntry, tsxLoader } from "./lib/processes.mjs";
import { bundleEnv, ensureServerBuild, serverBundle } from "./lib/server-build.mjs";

// Production runs the server bundle with plain node (ADR 039: no TypeScript compiled at every start);
// elsewhere tsx runs the sources, so a change needs no build.
const production = process.env.NODE_ENV === "production";

try {
  await ensureWebBuild();
  if (production) await ensureServerBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// A .env file next to package.json (copied from .env.example) configures the server;
// variables already set in the environment win, as with Node's --env-file.
const envFile = path.join(root, ".env");
const envArgs = fs.existsSync(envFile) ? [`--env-file=${envFile}`] : [];
// No --enable-source-maps: it indexes the bundle's map at every start (~0.3 s); the bundle maps its stack
// traces itself on the first one it formats (scripts/lib/bundle-stack-traces.mjs).
const entryArgs = production ? [serverBundle] : ["--import", tsxLoader, serverEntry];
const server = spawn(process.execPath, [...envArgs, ...entryArgs], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, ...demoModeEnv(envFile), ...(production ? bundleEnv() : {}) },
});

// Ctrl-C in a terminal already reaches the child (same process group); forwarding
// covers `kill <pid>` and process managers that signal only us. The server's
// shutdown is idempotent, so a second signal is harmless.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.once("error", (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});
server.once("exit", (code, signal) => process.exit(exitCodeOf(code, signal)));
