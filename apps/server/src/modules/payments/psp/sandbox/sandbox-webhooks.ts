import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type SqlExecutor } from "../../../../lib/sql-executor.ts";

/** The sandbox's own event names (a real PSP has its own; the adapter maps them). */
export type SandboxEventType =
  | "checkout.succeeded"
  | "checkout.declined"
  | "crypto.transfer.updated"
  | "payout.paid"
  | "payout.failed";

export const SANDBOX_SIGNATURE_HEADER = "sandbox-signature";
/** A delivery is retried with exponential backoff up to this many attempts (about a day). */
export const SANDBOX_WEBHOOK_MAX_ATTEMPTS = 20;
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Queues a webhook in the same transaction as the change it announces. */
export async function enqueueSandboxWebhook(tx: SqlExecutor, type: SandboxEventType, data: Record<string, unknown>): Promise<string> {
  const rows = await queryRows<{ event_id: string }>(
    tx,
    sql`INSERT INTO sandbox_psp_webhooks (type, body) VALUES (${type}, ${JSON.stringify(data)}::jsonb) RETURNING event_id`,
  );
  return rows[0]!.event_id;
}

/** Stripe-style signature: HMAC-SHA256 over "timestamp.body", sent as "t=…,v1=…". */
export function signSandboxPayload(secret: string, timestamp: number, rawBody: string | Buffer): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

/** Constant-time check of the signature header, refusing stale timestamps (replayed captures). */
export function verifySandboxSignature(secret: string, rawBody: Buffer, header: unknown, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (typeof header !== "string" || header.length > 200) return false;
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const timestamp = Number(match[1]);
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signSandboxPayload(secret, timestamp, rawBody).slice(-64), "hex");
  return timingSafeEqual(expected, Buffer.from(match[2]!, "hex"));
}

/** Backoff before the next attempt: 1 s, 2 s, 4 s, … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 3600);
}

export type WebhookTransport = (rawBody: string, headers: Record<string, string>) => Promise<number>;

/**
 * Delivers the webhooks that are due. Rows are leased (next_attempt_at moved
 * a minute ahead) under SKIP LOCKED so two processes never send one at the
 * same time; the platform side is idempotent on the event id anyway.
 */
export async function deliverDueSandboxWebhooks(
  db: SqlExecutor,
  input: { secret: string; transport: WebhookTransport; limit?: number },
): Promise<{ delivered: number; failed: number }> {
  const due = await queryRows<{ id: number; event_id: string; type: string; body: Record<string, unknown>; attempts: number; created_at: string }>(
    db,
    sql`UPDATE sandbox_psp_webhooks w SET next_attempt_at = now() + interval '60 seconds'
         WHERE w.id IN (SELECT id FROM sandbox_psp_webhooks
                         WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
                         ORDER BY id LIMIT ${input.limit ?? 50} FOR UPDATE SKIP LOCKED)
        RETURNING w.id, w.event_id, w.type, w.body, w.attempts, w.created_at::text AS created_at`,
  );
  let delivered = 0;
  let failed = 0;
  for (const row of due.sort((a, b) => a.id - b.id)) {
    const rawBody = JSON.stringify({ id: row.event_id, type: row.type, created_at: row.created_at, data: row.body });
    const headers = {
      "content-type": "application/json",
      [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(input.secret, Math.floor(Date.now() / 1000), rawBody),
    };
    let error: string | null = null;
    try {
      const status = await input.transport(rawBody, headers);
      if (status < 200 || status >= 300) error = `HTTP ${status}`;
    } catch (cause) {
      error = (cause as Error).message.slice(0, 400);
    }
    const attempts = row.attempts + 1;
    if (!error) {
      delivered += 1;
      await db.execute(sql`UPDATE sandbox_psp_webhooks SET delivered_at = now(), attempts = ${attempts}, last_error = NULL WHERE id = ${row.id}`);
      continue;
    }
    failed += 1;
    const giveUp = attempts >= SANDBOX_WEBHOOK_MAX_ATTEMPTS;
    await db.execute(
      sql`UPDATE sandbox_psp_webhooks
             SET attempts = ${attempts}, last_error = ${error},
                 next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(attempts)}),
                 failed_at = ${giveUp ? sql`now()` : sql`NULL`}
           WHERE id = ${row.id}`,
    );
  }
  return { delivered, failed };
}
