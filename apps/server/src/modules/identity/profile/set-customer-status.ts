import { eq, sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { users } from "@croupier/db/schema/index";
import { enqueueEvent } from "../../realtime/enqueue-event.ts";
import { finishUserSessions } from "../sessions/finish-sessions.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Operator action: lock or unlock an account. Locking ends every session (PLAYER_PROTECTION 20);
 * both announce customer_status_changed in the same transaction. Given a transaction (the back
 * office records its audit entry in it), the change joins it as a savepoint.
 */
export async function setCustomerStatus(
  db: Db | Tx,
  input: { userId: string; status: "active" | "locked"; reason?: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ status: input.status, status_reason: input.status === "locked" ? (input.reason ?? null) : null, updated_at: sql`now()` })
      .where(eq(users.guid, input.userId))
      .returning({ guid: users.guid });
    if (!changed) return;
    await enqueueEvent(tx, { type: "customer_status_changed", payload: { status: input.status }, userGuid: input.userId });
    if (input.status === "locked") await finishUserSessions(tx, { userId: input.userId, reason: "locked" });
  });
}
