import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Adjustment, CreateAdjustmentInput } from "@croupier/contract/backoffice/money-review";
import { canonicalAmount, checkAmount, compareAmounts, toFixedAmount } from "@croupier/contract/money";
import type { Db } from "@croupier/db/create-database";
import type { Env } from "../../env.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { isUniqueViolation, queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { findAdjustment } from "./adjustment-rows.ts";
import { applyAdjustmentMoney, notEnoughMoney, operatorAdjustmentAccount } from "./apply-adjustment-money.ts";
import { baseCurrencyAmountSql } from "./base-currency-amount.ts";

type Wallet = {
  guid: string;
  customer_guid: string;
  currency_guid: string;
  code: string;
  decimals: number;
  balance: string;
  bonus_balance: string;
};

/**
 * A staff member credits or debits one pocket of a player's wallet (ADR 018). At or below
 * ADJUSTMENT_APPROVAL_THRESHOLD (default currency) the money moves at once, in the same transaction as the
 * request row and its audit entry; above it (or with no exchange rate to tell) the request waits pending for
 * a different staff member's approval. The client's idempotency key makes a retry answer the same request;
 * the same key with other parameters is a CONFLICT. A debit beyond the pocket is NOT_ENOUGH_MONEY and leaves
 * nothing behind.
 */
export async function requestAdjustment(
  db: Db,
  env: Pick<Env, "ADJUSTMENT_APPROVAL_THRESHOLD">,
  actor: AuditActor & { staffId: string; email: string },
  input: CreateAdjustmentInput,
): Promise<{ adjustment: Adjustment; replayed: boolean }> {
  const replay = await replayed(db, actor, input);
  if (replay) return { adjustment: replay, replayed: true };

  const [wallet] = await queryRows<Wallet>(
    db,
    sql`SELECT w.guid, w.customer_guid, w.currency_guid, c.code, c.decimals,
               w.balance::text AS balance, w.bonus_balance::text AS bonus_balance
          FROM wallets w JOIN currencies c ON c.guid = w.currency_guid WHERE w.guid = ${input.wallet_guid}::uuid`,
  );
  if (!wallet) throw notFound("No such wallet.");
  const checked = checkAmount(input.amount, wallet.decimals);
  if (!checked.ok)
    throw new AppError("VALIDATION_ERROR", `Invalid input: body.amount ${checked.reason}`, {
      fields: [{ field: "body.amount", message: checked.reason }],
    });
  const amount = toFixedAmount(input.amount, wallet.decimals, "trunc");
  const [base] = await queryRows<{ base_amount: string | null; above: boolean }>(
    db,
    sql`SELECT b.v::text AS base_amount, COALESCE(b.v > ${env.ADJUSTMENT_APPROVAL_THRESHOLD}::numeric, true) AS above
          FROM (SELECT ${baseCurrencyAmountSql(sql`${wallet.currency_guid}::uuid`, sql`${amount}::numeric`)} AS v) b`,
  );
  const requiresApproval = base?.above ?? true;
  // Refused now rather than queued for an approver who could only refuse it; approval checks again.
  if (input.direction === "debit") {
    const available = toFixedAmount(
      input.pocket === "cash" ? wallet.balance : wallet.bonus_balance,
      wallet.decimals,
      "trunc",
    );
    if (compareAmounts(available, amount) < 0)
      throw notEnoughMoney(available, { pocket: input.pocket, currency_code: wallet.code });
  }
  const account = await operatorAdjustmentAccount(db, wallet.currency_guid);
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO adjustment_requests (guid, player_guid, wallet_guid, currency_guid, pocket, direction, amount, base_amount,
                                             reason, idempotency_key, requires_approval, status, requested_by, requested_by_email)
            VALUES (${id}::uuid, ${wallet.customer_guid}::uuid, ${wallet.guid}::uuid, ${wallet.currency_guid}::uuid,
                    ${input.pocket}, ${input.direction}, ${amount}::numeric, ${base?.base_amount ?? null}::numeric,
                    ${input.reason}, ${input.idempotency_key}, ${requiresApproval}, 'pending',
                    ${actor.staffId}::uuid, ${actor.email})`,
      );
      if (!requiresApproval) {
        await applyAdjustmentMoney(
          tx,
          {
            id,
            wallet_guid: wallet.guid,
            pocket: input.pocket,
            direction: input.direction,
            amount,
            currency_code: wallet.code,
            currency_decimals: wallet.decimals,
          },
          account,
        );
      }
      await recordAudit(tx, actor, {
        action: requiresApproval ? "adjustment.request" : "adjustment.apply",
        playerId: wallet.customer_guid,
        targetType: "adjustment",
        targetId: id,
        after: { status: requiresApproval ? "pending" : "applied" },
        details: {
          wallet_guid: wallet.guid,
          currency: wallet.code,
          pocket: input.pocket,
          direction: input.direction,
          amount,
          base_amount: base?.base_amount ?? null,
          reason: input.reason,
        },
      });
    });
  } catch (error) {
    // A concurrent retry with the same key committed first: answer as its replay.
    if (isUniqueViolation(error)) {
      const winner = await replayed(db, actor, input);
      if (winner) return { adjustment: winner, replayed: true };
    }
    throw error;
  }
  const adjustment = await findAdjustment(db, id);
  if (!adjustment) throw new Error(`adjustment ${id} vanished`);
  return { adjustment, replayed: false };
}

/** The request this key already made, if its parameters are the same; a CONFLICT if they differ. */
async function replayed(
  db: Db,
  actor: { staffId: string },
  input: CreateAdjustmentInput,
): Promise<Adjustment | undefined> {
  const [row] = await queryRows<{ guid: string }>(
    db,
    sql`SELECT guid FROM adjustment_requests WHERE idempotency_key = ${input.idempotency_key}`,
  );
  if (!row) return undefined;
  const existing = await findAdjustment(db, row.guid);
  if (!existing) return undefined;
  const same =
    existing.wallet_guid === input.wallet_guid &&
    existing.pocket === input.pocket &&
    existing.direction === input.direction &&
    canonicalAmount(existing.amount) === canonicalAmount(input.amount) &&
    existing.reason === input.reason &&
    existing.requested_by === actor.staffId;
  if (!same)
    throw new AppError("CONFLICT", "This idempotency key was already used for a different adjustment.", {
      fields: [{ field: "body.idempotency_key", message: "was used for a different adjustment" }],
    });
  return existing;
}
