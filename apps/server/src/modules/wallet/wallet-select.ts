import { sql } from "drizzle-orm";
import type { Wallet } from "@croupier/contract/entities/wallet";

/**
 * The Wallet entity as SQL over `wallets w JOIN currencies c`: amounts shown
 * with the currency's decimals, timestamps as ISO strings. Joining currencies
 * (inner) is also what keeps wallets in unknown currencies out of every answer.
 */
export const walletColumns = sql`
  w.guid, (SELECT guid FROM project_settings ORDER BY created_at LIMIT 1) AS project_guid,
  w.currency_guid, w.customer_guid,
  round(w.balance, c.decimals)::text AS balance,
  round(w.bonus_balance, c.decimals)::text AS bonus_balance,
  round(w.deferred_bonus_balance, c.decimals)::text AS deferred_bonus_balance,
  round(w.wager, c.decimals)::text AS wager,
  w.free_spin_count,
  round(w.free_spin_bet, c.decimals)::text AS free_spin_bet,
  w.customer_bonus_guid,
  to_char(w.customer_bonus_expire_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS customer_bonus_expire_date,
  w.status, w.winnings_distribution_percent::text AS winnings_distribution_percent,
  round(w.bonus_threshold, c.decimals)::text AS bonus_threshold,
  w.is_active, w.project_bonus_tag, w.deposit_defer`;

export type WalletRow = Wallet;
