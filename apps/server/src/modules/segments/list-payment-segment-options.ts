import { sql } from "drizzle-orm";
import type { PaymentSegmentOption } from "@croupier/contract/backoffice/segments";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";

const PAYMENT_SEGMENTS_MAX = 200;

/** The payment segments a segment may link to (the editor's picker), by name. */
export async function listPaymentSegmentOptions(db: Db): Promise<PaymentSegmentOption[]> {
  return queryRows<PaymentSegmentOption>(
    db,
    sql`SELECT guid, code, name FROM payment_segments ORDER BY name, code LIMIT ${PAYMENT_SEGMENTS_MAX}`,
  );
}
