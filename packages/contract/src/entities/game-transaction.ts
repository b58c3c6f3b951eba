import { z } from "zod";
import { decimalString } from "./currency.ts";

/** One accepted provider wallet call (bet, win or rollback) as the player sees it in their history. */
export const gameTransaction = z
  .object({
    guid: z.uuid(),
    user_guid: z.uuid(),
    project_guid: z.uuid().nullable(),
    game_guid: z.uuid().nullable(),
    currency_guid: z.uuid(),
    bet_sum: decimalString,
    win: decimalString,
    /** win − bet_sum of this call. */
    bet_win: decimalString,
    /** Total balance (cash + bonus) before and after the call. */
    balance_before: decimalString,
    balance_after: decimalString,
    /** The game session the call belonged to. */
    session_id: z.uuid(),
    /** The provider's transaction id. */
    tradeid: z.string(),
    /** The provider's round id. */
    betid: z.string(),
    isbet: z.boolean(),
    /** The round was closed by this call. */
    finish: z.boolean(),
    freespin: z.boolean(),
    info: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    updated_at: z.string(),
    game_name: z.string().nullable(),
    game_icon: z.string().nullable(),
    provider_guid: z.uuid().nullable(),
    /** Part of bet_sum paid with bonus money. */
    bonus_bet: decimalString,
    jackpot_win: decimalString,
    /** For a win or rollback: the guid of the bet's game transaction. */
    correlation_guid: z.uuid().nullable(),
    // Exchange equivalents: no in-game conversion yet, so always null.
    exchange_balance_before: decimalString.nullable(),
    exchange_balance_after: decimalString.nullable(),
    exchange_bet_sum: decimalString.nullable(),
    exchange_win: decimalString.nullable(),
    exchange_bet_win: decimalString.nullable(),
    exchange_guid: z.uuid().nullable(),
    exchange_price: decimalString.nullable(),
  })
  .describe("Game transaction");
export type GameTransaction = z.infer<typeof gameTransaction>;

const amountFilter = z.string().max(40).regex(/^\d+(\.\d+)?$/, "must be a plain non-negative decimal string");

export const gameTransactionsQuery = z.object({
  game_guid: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(20),
  bet_sum_from: amountFilter.optional(),
  bet_sum_to: amountFilter.optional(),
  win_sum_from: amountFilter.optional(),
  win_sum_to: amountFilter.optional(),
  created_at_from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  created_at_to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});
export type GameTransactionsQuery = z.infer<typeof gameTransactionsQuery>;
