import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";
import { reconcileLedger } from "../../src/modules/ledger/reconcile-ledger.ts";
import { createPaymentsWorker, type PaymentsWorker } from "../../src/modules/payments/payments-worker.ts";
import type { PaymentsContext } from "../../src/modules/payments/payments-context.ts";
import { createProviderRegistry } from "../../src/modules/payments/psp/provider-registry.ts";

export type PaymentsTest = TestContext & { worker: PaymentsWorker; ctx: PaymentsContext };

/**
 * The real app with the sandbox PSP, its background loop off: tests drive
 * the PSP (payouts, blocks, webhook deliveries) with worker.tick().
 */
export async function buildPaymentsApp(env: Record<string, string> = {}, options: { logger?: FastifyBaseLogger } = {}): Promise<PaymentsTest> {
  const base = await buildTestApp({ SANDBOX_PSP_TICK_MS: "0", SANDBOX_PSP_PAYOUT_DELAY_MS: "0", SANDBOX_PSP_BLOCK_MS: "0", ...env }, { demo: true });
  const ctx: PaymentsContext = {
    db: base.database.db,
    env: base.app.env,
    providers: createProviderRegistry({ db: base.database.db, env: base.app.env }),
    log: options.logger ?? base.app.log,
  };
  const worker = createPaymentsWorker(ctx, async (rawBody, headers) => {
    const res = await base.app.inject({ method: "POST", url: "/api/v1/billing/webhooks/sandbox", payload: rawBody, headers });
    return res.statusCode;
  });
  return { ...base, worker, ctx };
}

export type Player = { token: string; id: string };

export async function newPlayer(t: PaymentsTest, name = "player"): Promise<Player> {
  const s = await signUp(t.app, `${name}-${randomUUID()}@example.com`);
  return { token: s.access_token, id: s.profile.id };
}

export async function call(t: PaymentsTest, player: Player | null, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(player ? bearer(player.token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export async function guidOf(t: PaymentsTest, sql: string, params: unknown[] = []): Promise<string> {
  const rows = await t.database.query<{ guid: string }>(sql, params);
  if (!rows[0]) throw new Error(`nothing for ${sql}`);
  return rows[0].guid;
}

export const currencyGuid = (t: PaymentsTest, code: string) => guidOf(t, "SELECT guid FROM currencies WHERE code = $1", [code]);
export const systemGuid = (t: PaymentsTest, name: string) => guidOf(t, "SELECT guid FROM payment_systems WHERE name = $1", [name]);

export async function cashOf(t: PaymentsTest, walletGuid: string): Promise<string> {
  const rows = await t.database.query<{ balance: string }>("SELECT trim_scale(balance)::text AS balance FROM wallets WHERE guid = $1", [walletGuid]);
  return rows[0]!.balance;
}

export async function walletOf(t: PaymentsTest, playerGuid: string, code: string): Promise<string> {
  return guidOf(t, "SELECT w.guid FROM wallets w JOIN currencies c ON c.guid = w.currency_guid WHERE w.customer_guid = $1 AND c.code = $2", [playerGuid, code]);
}

/** Every test ends with clean books (PLAYER_PROTECTION 9, 13). */
export async function expectReconciled(t: PaymentsTest): Promise<void> {
  const report = await reconcileLedger(t.database.db);
  expect(report.culprits).toEqual([]);
  expect(report.ok).toBe(true);
}

/** Follows the sandbox's hosted page the way a browser would: GET, fill, POST. */
export async function payOnSandboxPage(t: PaymentsTest, redirectUrl: string, form: Record<string, string>) {
  const path = new URL(redirectUrl).pathname;
  const page = await t.app.inject({ method: "GET", url: path });
  expect(page.statusCode).toBe(200);
  return t.app.inject({
    method: "POST",
    url: `${path}/pay`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(form).toString(),
  });
}

export const futureYear = String(new Date().getUTCFullYear() + 2);
