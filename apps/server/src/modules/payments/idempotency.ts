import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

export type IdempotencyInput = { key: string; scope: string; hash: string };

/** The Idempotency-Key header: 1–128 characters of [A-Za-z0-9_.:-], or none. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers["idempotency-key"];
  if (value === undefined) return null;
  if (typeof value !== "string" || !/^[A-Za-z0-9_.:-]{1,128}$/.test(value))
    throw badRequest("Invalid Idempotency-Key.", [{ field: "headers.idempotency-key", message: "must be 1-128 characters of A-Z a-z 0-9 _ . : -" }]);
  return value;
}

/** SHA-256 of the call and its parameters (keys sorted), so "same params" is exact. */
export function requestHash(scope: string, params: Record<string, unknown>): string {
  const stable = JSON.stringify(
    Object.keys(params)
      .sort()
      .map((k) => [k, params[k] ?? null]),
  );
  return createHash("sha256").update(scope).update("\n").update(stable).digest("hex");
}

/**
 * The payment an earlier call with this key created or changed, or null.
 * The same key with other parameters (or for another call) is a 409.
 */
export async function findIdempotentPayment(db: SqlExecutor, playerGuid: string, input: IdempotencyInput | null): Promise<string | null> {
  if (!input) return null;
  const rows = await queryRows<{ scope: string; request_hash: string; payment_guid: string }>(
    db,
    sql`SELECT scope, request_hash, payment_guid FROM payment_idempotency_keys
         WHERE customer_guid = ${playerGuid}::uuid AND key = ${input.key}`,
  );
  const row = rows[0];
  if (!row) return null;
  if (row.scope !== input.scope || row.request_hash !== input.hash)
    throw new AppError("CONFLICT", "This Idempotency-Key was already used with different parameters.");
  return row.payment_guid;
}

/** Claims the key in the transaction that makes the change; a concurrent twin fails on the primary key. */
export async function recordIdempotencyKey(tx: SqlExecutor, playerGuid: string, input: IdempotencyInput | null, paymentGuid: string): Promise<void> {
  if (!input) return;
  await tx.execute(
    sql`INSERT INTO payment_idempotency_keys (customer_guid, key, scope, request_hash, payment_guid)
        VALUES (${playerGuid}::uuid, ${input.key}, ${input.scope}, ${input.hash}, ${paymentGuid}::uuid)`,
  );
}
