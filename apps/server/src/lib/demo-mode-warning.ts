import type { Env } from "../env.ts";
import { isLoopbackHost } from "./loopback-host.ts";

type DemoEnv = Pick<
  Env,
  "DEMO_MODE" | "DEV_OIDC_PROVIDER" | "SANDBOX_PSP_ENABLED" | "SEED_DEMO_DATA" | "HOST" | "PORT"
>;

/**
 * What the development-only settings leave open to anyone who can reach the server, or null when
 * nothing is. The server logs it at boot and prints it as a banner (server.ts): an operator who
 * started a demo on a reachable machine by mistake must not be able to miss it.
 */
export function demoModeWarning(env: DemoEnv): { open: string[]; text: string } | null {
  const open: string[] = [];
  if (env.DEV_OIDC_PROVIDER) open.push("/dev/oidc: a development identity provider that signs anyone in as any player");
  if (env.DEMO_MODE) {
    open.push("/dev/outbox: every mail and SMS sent (login links, password resets, one-time codes)");
    open.push("POST /api/v1/billing/deposit/test: money from nowhere into any logged-in player's wallet");
  }
  if (env.SANDBOX_PSP_ENABLED)
    open.push("/sandbox-psp: the sandbox payment provider (test cards and crypto transfers credit deposits)");
  if (env.SEED_DEMO_DATA)
    open.push("demo players whose passwords are public (demo@example.com / demo-password-1, demo2@example.com)");
  if (open.length === 0) return null;

  const where = isLoopbackHost(env.HOST)
    ? `Only this machine can reach it (HOST=${env.HOST}, port ${env.PORT}); there, anyone can use:`
    : `HOST=${env.HOST} is reachable from other machines: ANYONE THERE CAN USE ALL OF THIS (port ${env.PORT}):`;
  const text = [
    "DEMO MODE: development-only features are ON. Never run this way with real players or real money.",
    where,
    ...open.map((line) => `  - ${line}`),
    "Turn it off with DEMO_MODE=false (npm start turns it on for the embedded database); the sandbox PSP and the demo players follow it unless SANDBOX_PSP_ENABLED or SEED_DEMO_DATA say otherwise.",
  ].join("\n");
  return { open, text };
}
