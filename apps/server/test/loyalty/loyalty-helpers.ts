import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";
import type { TestContext } from "../helpers/build-test-app.ts";
import { signUp } from "../identity/identity-helpers.ts";
import { deposit, houseGame, openWallet, type Seat } from "../wallet/wallet-helpers.ts";

export type LoyaltyPlayer = Seat & { accessToken: string };

/** A signed-up player (with a bearer token) with a funded wallet, seated at a house game. */
export async function loyaltyPlayer(ctx: TestContext, options: { currency?: string; cash?: string } = {}): Promise<LoyaltyPlayer> {
  const currency = options.currency ?? "USD";
  const session = await signUp(ctx.app, `loyal-${randomUUID()}@example.com`);
  const playerGuid = session.profile.id as string;
  const wallet = await openWallet(ctx.database, playerGuid, currency);
  if (options.cash) await deposit(ctx.database, wallet.guid, options.cash);
  const game = await houseGame(ctx.database);
  const gameSession = await issueGameSession(ctx.database.db, {
    playerGuid,
    walletGuid: wallet.guid,
    providerCode: "house",
    gameCode: game.code,
    gameGuid: game.guid,
  });
  return { playerGuid, walletGuid: wallet.guid, token: gameSession.token, gameCode: game.code, currency, accessToken: session.access_token };
}

/** The scan reads only rows older than a second (its horizon margin): wait that out before a pass. */
export const pastScanHorizon = () => new Promise((resolve) => setTimeout(resolve, 1_200));

export async function playerLoyaltyRow(ctx: TestContext, playerGuid: string) {
  const [row] = await queryRows<{ level: number; wagered_usd: string; last_played_at: string | null }>(
    ctx.database.db,
    sql`SELECT level, trim_scale(round(wagered_usd, 6))::text AS wagered_usd, last_played_at::text FROM player_loyalty WHERE customer_guid = ${playerGuid}::uuid`,
  );
  return row;
}

export async function coinBalanceOf(ctx: TestContext, playerGuid: string): Promise<string> {
  const [row] = await queryRows<{ balance: string }>(
    ctx.database.db,
    sql`SELECT trim_scale(balance)::text AS balance FROM coin_accounts WHERE customer_guid = ${playerGuid}::uuid`,
  );
  return row?.balance ?? "0";
}

export async function coinTransfers(ctx: TestContext, playerGuid: string, kind: string) {
  return queryRows<{ amount: string; idempotency_key: string; active_seconds: number | null }>(
    ctx.database.db,
    sql`SELECT trim_scale(amount)::text AS amount, idempotency_key, active_seconds FROM coin_transfers
         WHERE customer_guid = ${playerGuid}::uuid AND kind = ${kind} ORDER BY created_at`,
  );
}
