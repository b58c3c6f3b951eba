import { sql } from "drizzle-orm";
import { batcherPerDatabase } from "../../lib/call-batcher.ts";
import { databaseBatchSlot } from "../../lib/database-batch-slot.ts";
import { hotRows, type HotDatabase } from "../../lib/sql-executor.ts";
import type { CallContext } from "./load-call-context.ts";
import { wakeOutboxDispatcher } from "./wake-outbox-dispatcher.ts";

/**
 * A bet, win or refund the server has decided to attempt, as
 * provider_wallet_apply (packages/db/functions) reads it. Amounts are decimal strings
 * in the play currency; the database converts and rounds (ADR 006).
 */
type CallCommon = {
  provider_code: string;
  transaction_uuid: string;
  fingerprint: string;
  wallet_guid: string;
  session_guid: string;
  game_code: string;
  game_guid: string | null;
  round_id: string;
  round_closed: boolean;
  reference_uuid: string | null;
  decimals: number;
  play_decimals: number;
  exchange_guid: string | null;
  exchange_price: string | null;
  house_account: string;
  announce: boolean;
};
export type MoneyCall =
  | (CallCommon & {
      method: "bet";
      play_amount: string;
      free_spin: boolean;
      max_bet: string;
      max_bonus_bet: string;
      bonus_wage: string;
      bonus_play_allowed: boolean;
      /** The game is open to free spins (games.can_freespins): where a free-spin bonus names no games. */
      can_free_spin: boolean;
    })
  | (CallCommon & { method: "win"; play_amount: string; bonus_counterparty: string })
  // The refund is the bet's stored amounts: nothing to convert.
  | (CallCommon & { method: "rollback"; reference_uuid: string });

/** The wallet's free rounds after the call: spins left and the stake of one in the play currency (ADR 032). */
type FreeSpinState = { free_spin_count?: number; free_spin_bet?: string | null };

/** Balances are in the play currency, as text. */
export type MoneyCallOutcome =
  | { retry: true }
  | ({ retry?: false; applied: true; balance_after: string; bonus_balance_after: string } & FreeSpinState)
  | ({
      retry?: false;
      applied: false;
      /** bets only: why nothing moved, and the balances as they stand. */
      /** false when a loss or wager limit has no room for the stake (ADR 021). */
      within_limits?: boolean;
      round_open?: boolean;
      within_max_bet?: boolean;
      covered?: boolean;
      /** false: above the currency's max bonus bet while a bonus is active, or staking bonus money (ADR 032). */
      within_bonus_bet?: boolean;
      /** false: a free spin in a game its bonus does not allow. */
      free_spin_game?: boolean;
      /** false: a free spin whose stake is not the wallet's free_spin_bet. */
      free_spin_stake?: boolean;
      balance?: string;
      bonus_balance?: string;
    } & FreeSpinState);

/** The session's fields every money call carries. */
export function moneyCallCommon(ctx: CallContext) {
  return {
    wallet_guid: ctx.wallet_guid,
    session_guid: ctx.session_guid,
    game_code: ctx.game_code,
    game_guid: ctx.game_guid,
    decimals: ctx.decimals,
    play_decimals: ctx.play_decimals,
    exchange_guid: ctx.exchange_price === null ? null : ctx.exchange_guid,
    exchange_price: ctx.exchange_guid === null ? null : ctx.exchange_price,
  };
}

// 32 keeps a batch's subtransactions well inside the 64 a backend caches.
const MONEY_BATCH_MAX = 32;
// Batches committing at once per process: one. The calls that arrive while it
// runs and waits for its WAL flush all leave together in the next one, and a
// bigger batch costs less per call on both sides of the socket (ADR 007,
// "Measurements": one in flight beat two and three).
const MONEY_BATCHES_IN_FLIGHT = 1;

type Item = MoneyCall & { i: number };
type Settled = { ok: true; outcome: MoneyCallOutcome } | { ok: false; error: unknown };
const moneyBatcher = batcherPerDatabase({
  run: runBatch,
  max_batch: MONEY_BATCH_MAX,
  max_in_flight: MONEY_BATCHES_IN_FLIGHT,
  name: "provider-wallet-money",
  // One batch at a time across processes too (WALLET_BATCH_SLOTS, ADR 042).
  slot: databaseBatchSlot("provider-wallet-money"),
});

/**
 * Runs one bet, win or refund through the group-commit batcher: it shares a
 * statement and a commit with the calls that arrived while the previous batch
 * ran (ADR 007). A call that loses a race on its key comes back as
 * {retry: true} without touching the others; the caller reads its context
 * again and answers it as a repeat.
 */
export async function runMoneyCall(database: HotDatabase, call: MoneyCall): Promise<MoneyCallOutcome> {
  const settled = await moneyBatcher(database).submit(call);
  if (!settled.ok) throw settled.error;
  return settled.outcome;
}

async function runBatch(database: HotDatabase, calls: MoneyCall[]): Promise<Settled[]> {
  try {
    return (await runStatement(database, calls)).map((outcome) => ({ ok: true, outcome }));
  } catch (error) {
    // The batch statement failed as a whole (a connection lost, a guard that
    // should never fire): nothing of it committed. Run the calls one by one so
    // only the call at fault fails.
    if (calls.length === 1) return [{ ok: false, error }];
    const settled: Settled[] = [];
    for (const call of calls) {
      try {
        settled.push({ ok: true, outcome: (await runStatement(database, [call]))[0]! });
      } catch (callError) {
        settled.push({ ok: false, error: callError });
      }
    }
    return settled;
  }
}

async function runStatement(database: HotDatabase, calls: MoneyCall[]): Promise<MoneyCallOutcome[]> {
  // By wallet: the order a batch runs in when it has to go call by call (the database takes its
  // locks sorted either way).
  const items: Item[] = calls
    .map((call, i) => ({ ...call, i }))
    .sort((a, b) => (a.wallet_guid < b.wallet_guid ? -1 : a.wallet_guid > b.wallet_guid ? 1 : a.i - b.i));
  const rows = await hotRows<{ r: MoneyCallOutcome & { i: number } }>(
    database,
    sql`SELECT r FROM provider_wallet_calls(${JSON.stringify(items)}::jsonb) AS r`,
  );
  if (rows.length !== calls.length) throw new Error(`provider_wallet_calls answered ${rows.length} of ${calls.length} calls`);
  const outcomes: MoneyCallOutcome[] = new Array(calls.length);
  for (const { r } of rows) outcomes[r.i] = r;
  if (rows.some(({ r }) => !r.retry && r.applied)) wakeOutboxDispatcher(database);
  return outcomes;
}
