import { bigint, pgTable, varchar } from "drizzle-orm/pg-core";
import { tstz, updatedAt } from "./columns.ts";

/**
 * Where each off-the-hot-path consumer of game_transactions (rakeback accrual, loyalty volume and
 * activity; issue #18) has read up to: the (created_at, seq) of the last row it handled. The row is
 * updated in the same transaction as the consumer's own writes, so every game transaction is
 * handled exactly once per consumer (scanGameTransactions, ADR 033).
 */
export const scanCursors = pgTable("scan_cursors", {
  consumer: varchar("consumer", { length: 64 }).primaryKey(),
  // null: the consumer has read nothing yet (it starts at the first game transaction).
  last_created_at: tstz("last_created_at"),
  last_seq: bigint("last_seq", { mode: "number" }).notNull().default(0),
  updated_at: updatedAt(),
});
