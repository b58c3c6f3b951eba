import type { PaymentsContext } from "./payments-context.ts";
import { mineSandboxBlock } from "./psp/sandbox/sandbox-crypto.ts";
import { settleDueSandboxPayouts } from "./psp/sandbox/sandbox-payouts.ts";
import { deliverDueSandboxWebhooks, type WebhookTransport } from "./psp/sandbox/sandbox-webhooks.ts";
import { submitUnsentPayouts } from "./submit-payout.ts";

export type PaymentsWorker = { tick: () => Promise<void>; start: () => void; stop: () => Promise<void> };

/**
 * Background work of payments: hand over payouts that could not be sent, and
 * (when the sandbox PSP is on) play the PSP: pay due payouts, mine blocks for
 * crypto transfers, deliver and retry webhooks. Every step is driven by rows
 * in the database, so a restart resumes where it stopped.
 */
export function createPaymentsWorker(ctx: PaymentsContext, transport: WebhookTransport): PaymentsWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const tick = async () => {
    await submitUnsentPayouts(ctx);
    if (!ctx.env.SANDBOX_PSP_ENABLED) return;
    await settleDueSandboxPayouts(ctx.db);
    await mineSandboxBlock(ctx.db, { blockMs: ctx.env.SANDBOX_PSP_BLOCK_MS });
    await deliverDueSandboxWebhooks(ctx.db, { secret: ctx.env.SANDBOX_PSP_SECRET, transport });
  };

  const loop = () => {
    if (stopped) return;
    running = tick()
      .catch((error: unknown) => ctx.log.error({ err: error }, "payments worker tick failed"))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(loop, ctx.env.SANDBOX_PSP_TICK_MS);
      });
  };

  return {
    tick,
    start() {
      if (ctx.env.SANDBOX_PSP_TICK_MS === 0 || timer || running) return;
      stopped = false;
      timer = setTimeout(loop, ctx.env.SANDBOX_PSP_TICK_MS);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
