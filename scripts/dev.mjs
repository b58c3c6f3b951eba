// npm run dev: the API under tsx watch on PORT+1 (SERVE_WEB=false) and the
// React Router dev server (Vite, HMR) on PORT, which reaches the API through
// API_ORIGIN. Either one exiting, or Ctrl-C, stops both.
import { spawn } from "node:child_process";
import path from "node:path";
import { demoModeEnv } from "./lib/demo-mode.mjs";
import { exitCodeOf, reactRouterCli, root, serverEntry, tsxCli, webDir } from "./lib/processes.mjs";

const webPort = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(webPort) || webPort < 1 || webPort > 65_534) {
  console.error(`PORT must be an integer between 1 and 65534, got ${process.env.PORT}`);
  process.exit(1);
}
const apiPort = webPort + 1;
const host = process.env.HOST ?? "localhost";
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${webPort}`;
const apiOrigin = `http://${host === "0.0.0.0" ? "localhost" : host}:${apiPort}`;

const children = [
  {
    name: "api",
    child: spawn(process.execPath, [tsxCli, "watch", "--clear-screen=false", serverEntry], {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        ...demoModeEnv(path.join(root, ".env")),
        PORT: String(apiPort),
        HOST: host,
        SERVE_WEB: "false",
        PUBLIC_URL: publicUrl,
      },
    }),
  },
  {
    name: "web",
    child: spawn(
      process.execPath,
      [reactRouterCli(), "dev", "--port", String(webPort), "--strictPort", "--host", host],
      {
        cwd: webDir,
        stdio: "inherit",
        env: { ...process.env, PORT: String(webPort), API_ORIGIN: apiOrigin, PUBLIC_URL: publicUrl },
      },
    ),
  },
];

console.log(`dev: web on ${publicUrl}, API on ${apiOrigin} (Ctrl-C stops both)`);

let stopping = false;
let exitCode = 0;
const alive = () => children.filter(({ child }) => child.exitCode === null && child.signalCode === null);

function stopAll(signal = "SIGTERM") {
  if (stopping) return;
  stopping = true;
  for (const { child } of alive()) child.kill(signal);
  // tsx watch and vite both exit promptly; this only guards against a hung child.
  setTimeout(() => {
    for (const { child } of alive()) child.kill("SIGKILL");
  }, 5_000).unref();
}

for (const { name, child } of children) {
  child.once("error", (error) => {
    console.error(`dev: could not start ${name}: ${error.message}`);
    exitCode = 1;
    stopAll();
  });
  child.once("exit", (code, signal) => {
    if (!stopping) {
      console.error(`dev: ${name} exited (${signal ?? code}); stopping the other process`);
      exitCode = exitCodeOf(code, signal) || 1;
    }
    stopAll();
    if (alive().length === 0) process.exit(exitCode);
  });
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stopAll(signal));
