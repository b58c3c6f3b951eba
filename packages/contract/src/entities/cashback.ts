import { z } from "zod";
import { cashbackPeriod } from "./bonus.ts";

/** A decimal string as the database keeps money: never a JS number. */
const amount = z.string().regex(/^-?\d+(\.\d+)?$/);

/**
 * GET /bonuses/cashback/estimate (issue #18): what the running period of one cashback campaign would
 * pay on one of the player's wallets if it closed now: the net cash loss so far × the percent,
 * truncated and capped as the run will. An estimate: the run decides (the engine may still refuse).
 */
export const cashbackEstimate = z
  .object({
    bonus_guid: z.uuid(),
    bonus_name: z.string(),
    cashback_period: cashbackPeriod,
    wallet_guid: z.uuid(),
    currency: z.string(),
    period_start: z.string(),
    period_end: z.string(),
    cashback_percent: z.string(),
    /** 0 = no cap. */
    max_bonus_sum: amount,
    /** Cash staked minus cash won and refunded so far in the period (negative when ahead). */
    net_loss: amount,
    estimate: amount,
  })
  .describe("Cashback estimate");
export type CashbackEstimate = z.infer<typeof cashbackEstimate>;
