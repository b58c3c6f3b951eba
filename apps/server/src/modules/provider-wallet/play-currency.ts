import { sql, type SQL } from "drizzle-orm";

/**
 * In-game conversion (ADR 006). A session opened through a currency pair
 * plays in the game's currency G while the wallet and the ledger stay in the
 * wallet currency W; `exchange_price` is the session's snapshot, W per 1 G.
 * Rounding, always to W's decimals and never in the player's favour:
 *   - a stake is rounded UP   (ceil(amount_G × price)): the player never bets less than the game shows;
 *   - a payout is rounded DOWN (trunc(amount_G × price)): the house never pays money nobody staked;
 *   - balances reported to the game are rounded DOWN to G's decimals (trunc(balance_W / price)),
 *     so any stake the game lets the player place converts back to at most the wallet balance.
 * A rollback refunds the bet's stored W amounts exactly: no second conversion.
 */
export type PlayCurrency = {
  exchange_guid: string | null;
  exchange_price: string | null;
  /** W's decimals: ledger amounts are rounded to them. */
  decimals: number;
  /** G's decimals (W's when there is no conversion): amounts in calls and answers. */
  play_decimals: number;
};

export function converts(ctx: PlayCurrency): ctx is PlayCurrency & { exchange_guid: string; exchange_price: string } {
  return ctx.exchange_price !== null && ctx.exchange_guid !== null;
}

/** The ledger amount (W) of a call amount in the play currency, as SQL. */
export function walletAmountSql(ctx: PlayCurrency, playAmount: string, rounding: "up" | "down"): SQL {
  if (!converts(ctx)) return sql`${playAmount}::numeric`;
  const exact = sql`(${playAmount}::numeric * ${ctx.exchange_price}::numeric)`;
  if (rounding === "down") return sql`trunc(${exact}, ${ctx.decimals}::int)`;
  const scale = sql`power(10::numeric, ${ctx.decimals}::int)`;
  return sql`round(ceil(${exact} * ${scale}) / ${scale}, ${ctx.decimals}::int)`;
}

/** A wallet amount (W) as the game sees it (G), rounded down; unchanged without conversion. */
export function playAmountSql(ctx: PlayCurrency, walletAmount: SQL): SQL {
  if (!converts(ctx)) return walletAmount;
  return sql`trunc(${walletAmount} / ${ctx.exchange_price}::numeric, ${ctx.play_decimals}::int)`;
}

/** The exchange_* inputs of the call tail: null without conversion. */
export function exchangeFields(ctx: PlayCurrency, playAmount: SQL) {
  if (!converts(ctx)) return null;
  return { guid: ctx.exchange_guid, price: ctx.exchange_price, playDecimals: ctx.play_decimals, amount: playAmount };
}
