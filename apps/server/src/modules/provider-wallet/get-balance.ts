import type { BalanceRequest } from "@croupier/contract/entities/provider-wallet";
import { hashGameSessionToken } from "../game-sessions/game-session-token.ts";
import type { HotDatabase } from "../../lib/sql-executor.ts";
import { contextWallet, unknownSession } from "./with-call-context.ts";
import { loadCallContext } from "./load-call-context.ts";
import { walletResult, type WalletCallResult } from "./wallet-call-result.ts";

/** balance: the wallet behind the token, no effect. */
export async function getBalance(database: HotDatabase, providerCode: string, request: BalanceRequest): Promise<WalletCallResult> {
  const ctx = await loadCallContext(database, { providerCode, tokenHash: hashGameSessionToken(request.token), transactionUuid: null, referenceUuid: null });
  if (unknownSession(ctx, providerCode)) return walletResult("INVALID_TOKEN");
  const wallet = contextWallet(ctx);
  if (request.game_code !== ctx.game_code || !ctx.game_in_catalog) return walletResult("INVALID_GAME", wallet);
  if (ctx.expired) return walletResult("TOKEN_EXPIRED", wallet);
  return walletResult("OK", wallet);
}
