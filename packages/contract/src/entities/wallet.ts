import { z } from "zod";
import { decimalString } from "./currency.ts";

export const walletStatus = z.enum(["active", "blocked"]);

/** A player's wallet in one currency. Total balance = balance + bonus_balance. */
export const wallet = z
  .object({
    guid: z.uuid(),
    project_guid: z.uuid().nullable(),
    currency_guid: z.uuid(),
    customer_guid: z.uuid(),
    /** Cash: withdrawable, always spent first. */
    balance: decimalString,
    /** Bonus money: separate account, never withdrawable as such. */
    bonus_balance: decimalString,
    /** Bonus money waiting for a condition (e.g. a deposit) before it becomes bonus_balance. */
    deferred_bonus_balance: decimalString,
    /** Wagering still required before bonus money converts to cash. */
    wager: decimalString,
    free_spin_count: z.number().int().min(0),
    free_spin_bet: decimalString.nullable(),
    customer_bonus_guid: z.uuid().nullable(),
    customer_bonus_expire_date: z.string().nullable(),
    status: walletStatus,
    winnings_distribution_percent: decimalString.nullable(),
    bonus_threshold: decimalString.nullable(),
    is_active: z.boolean(),
    project_bonus_tag: z.string().max(64).nullable(),
    deposit_defer: z.boolean(),
  })
  .describe("Wallet");
export type Wallet = z.infer<typeof wallet>;

/** Free-spin state of a wallet. */
export const freespinState = z
  .object({
    /** Won so far with the current free spins. */
    win_amount: decimalString,
    spins_left: z.number().int().min(0),
    spins_total: z.number().int().min(0),
  })
  .describe("Freespin state");
export type FreespinState = z.infer<typeof freespinState>;

export const walletsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(10_000).default(10_000),
});

export const walletQuery = z.object({
  /** Omitted: the player's first-wallet currency (profile, else default, else first). */
  currency_guid: z.uuid().optional(),
  /** "true" also makes this wallet the active one. */
  set_active: z.enum(["true", "false"]).optional(),
});

export const walletGuidInput = z.object({ wallet_guid: z.uuid() });

/** Realtime event user_balance_updated (written to the outbox with the change). */
export const userBalanceUpdatedEvent = z.object({
  balance: decimalString,
  bonus_balance: decimalString,
  free_spin_count: z.number().int().min(0),
  wallet_guid: z.uuid(),
  operation_type: z.string(),
  operation_amount: decimalString,
  currency_guid: z.uuid(),
});
export type UserBalanceUpdatedEvent = z.infer<typeof userBalanceUpdatedEvent>;
