import type { CoinAdjustmentInput, PlayerLoyalty } from "@croupier/contract/backoffice/loyalty";
import type { Db } from "@croupier/db/create-database";
import { AppError } from "../../lib/app-error.ts";
import { assertPlayerExists } from "../player-admin/assert-player-exists.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { getPlayerLoyalty } from "./get-player-loyalty.ts";
import { moveCoins } from "./move-coins.ts";

/**
 * A staff coin adjustment with its reason, audited in the same transaction: + from the mint, - back
 * to it (never below 0: 409). Key coin-adjustment:{player}:{idempotency_key}: a retry moves nothing again.
 */
export async function adjustPlayerCoins(db: Db, actor: AuditActor, playerGuid: string, input: CoinAdjustmentInput): Promise<PlayerLoyalty> {
  await assertPlayerExists(db, playerGuid);
  await db.transaction(async (tx) => {
    const moved = await moveCoins(tx, {
      playerGuid,
      idempotencyKey: `coin-adjustment:${playerGuid}:${input.idempotency_key}`,
      kind: "adjustment",
      signedAmount: input.amount,
      staffGuid: actor.staffId,
      reason: input.reason,
    });
    if (moved.status === "insufficient")
      throw new AppError("CONFLICT", `The player has ${moved.balance} coins: an adjustment never takes the balance below 0.`);
    if (moved.status === "moved")
      await recordAudit(tx, actor, {
        action: "loyalty.coin_adjustment",
        playerId: playerGuid,
        targetType: "coin_account",
        targetId: playerGuid,
        after: { amount: input.amount, balance: moved.balance },
        details: { reason: input.reason, idempotency_key: input.idempotency_key },
      });
  });
  return getPlayerLoyalty(db, playerGuid);
}
