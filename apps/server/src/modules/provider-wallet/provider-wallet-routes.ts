import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  balanceRequest,
  betRequest,
  providerWalletResponse,
  rollbackRequest,
  winRequest,
  type ProviderWalletMethod,
  type ProviderWalletResponse,
} from "@croupier/contract/entities/provider-wallet";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../../lib/is-database-unavailable.ts";
import type { HotDatabase } from "../../lib/sql-executor.ts";
import { getBalance } from "./get-balance.ts";
import { placeBet } from "./place-bet.ts";
import { configuredProviders } from "./providers.ts";
import { rollbackBet } from "./rollback-bet.ts";
import { settleWin } from "./settle-win.ts";
import { isValidSignature } from "./signature.ts";
import { walletResult, type WalletCallResult } from "./wallet-call-result.ts";
import { jurisdictionBetRules, type JurisdictionBetRules } from "../uk-profile/jurisdiction-bet-rules.ts";

const TIMESTAMP_WINDOW_MS = 5 * 60 * 1000;
const BODY_LIMIT_BYTES = 16 * 1024;

type Handler = (database: HotDatabase, providerCode: string, body: never, rules: JurisdictionBetRules) => Promise<WalletCallResult>;
const methods: Record<ProviderWalletMethod, { schema: z.ZodType; run: Handler; summary: string }> = {
  balance: { schema: balanceRequest, run: getBalance as Handler, summary: "The player's balance (no effect)" },
  bet: { schema: betRequest, run: placeBet as Handler, summary: "Debit a stake" },
  win: { schema: winRequest, run: settleWin as Handler, summary: "Credit a payout of a bet" },
  rollback: { schema: rollbackRequest, run: rollbackBet as Handler, summary: "Refund a bet" },
};

const DESCRIPTION = `Provider wallet protocol (PROVIDER_WALLET_PROTOCOL.md). Header X-Signature: lowercase hex
HMAC-SHA256 of the raw body with the provider's secret. Body fields per method: see the contract package
(entities/provider-wallet.ts). Always HTTP 200 with { status, request_uuid, currency, balance, bonus_balance };
HTTP 500 with status INTERNAL_ERROR only on a genuine fault (retry). While the database is unreachable: HTTP 200,
status INTERNAL_ERROR (retryable), header Retry-After (ADR 039); retry the same request. Extension (ADR 011): win and rollback may
omit token; the session is then the referenced bet's (of the calling provider), and with a token it must be
that session's. A game session closes when the login session that opened it ends: bet and balance answer
TOKEN_EXPIRED, win and rollback still land. Extension (ADR 032): while the player's wallet has free rounds from a
bonus, answers also carry free_spin_count (spins left) and free_spin_bet (the stake each is_free_spin bet must carry,
in the game's currency); a free spin at another stake is BET_LIMIT_EXCEEDED, in a game its bonus does not allow
INVALID_GAME. While a bonus is active every stake is held to the currency's max bonus bet (BET_LIMIT_EXCEEDED).`;

/**
 * POST /api/v1/provider/{provider_code}/wallet/{method}. Its own plugin: it
 * reads the body raw (the signature covers the exact bytes) and answers in
 * the protocol's shape instead of the product envelope, whatever happens.
 */
export const providerWalletRoutes: FastifyPluginAsyncZod = async (app) => {
  const providers = configuredProviders(app.env);
  // Bets follow the operator's jurisdiction profile (ADR 025); the other methods ignore the rules.
  const betRules = jurisdictionBetRules(app.env.jurisdiction);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) => {
    done(null, body);
  });

  const send = (requestUuid: string | null, result: WalletCallResult): ProviderWalletResponse => ({
    status: result.status,
    request_uuid: requestUuid,
    currency: result.currency,
    balance: result.balance,
    bonus_balance: result.bonus_balance,
    ...(result.free_spin_count === undefined
      ? {}
      : { free_spin_count: result.free_spin_count, free_spin_bet: result.free_spin_bet ?? null }),
  });

  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(200).send(send(null, walletResult("INVALID_REQUEST")));
    if (isDatabaseUnavailable(error)) {
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(200).send(send(null, walletResult("INTERNAL_ERROR")));
    }
    request.log.error({ err: error }, "provider wallet call failed");
    return reply.status(500).send(send(null, walletResult("INTERNAL_ERROR")));
  });

  for (const [method, definition] of Object.entries(methods) as [ProviderWalletMethod, (typeof methods)[ProviderWalletMethod]][]) {
    app.post(
      `/:provider_code/wallet/${method}`,
      {
        schema: {
          tags: ["provider wallet"],
          summary: definition.summary,
          security: [{ providerSignature: [] }],
          description: DESCRIPTION,
          params: z.object({ provider_code: z.string().min(1).max(64) }),
          headers: z.object({ "x-signature": z.string().max(128).optional() }).loose(),
          response: { 200: providerWalletResponse, 500: providerWalletResponse },
        },
      },
      async (request, reply) => {
        const provider = providers.get(request.params.provider_code);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString("utf8"));
        } catch {
          parsed = undefined;
        }
        const requestUuid = readRequestUuid(parsed);
        if (!provider) return send(requestUuid, walletResult("UNKNOWN_PROVIDER"));
        // Nothing else is looked at before the signature checks out.
        if (!isValidSignature(provider.secret, raw, request.headers["x-signature"])) {
          return send(requestUuid, walletResult("INVALID_SIGNATURE"));
        }
        const body = definition.schema.safeParse(parsed);
        if (!body.success) return send(requestUuid, walletResult("INVALID_REQUEST"));
        const timestamp = Date.parse((body.data as { timestamp: string }).timestamp);
        if (!Number.isFinite(timestamp) || Math.abs(Date.now() - timestamp) > TIMESTAMP_WINDOW_MS) {
          return send(requestUuid, walletResult("INVALID_REQUEST"));
        }
        try {
          return send(requestUuid, await definition.run(app.database, provider.code, body.data as never, betRules));
        } catch (error) {
          if (!isDatabaseUnavailable(error)) throw error;
          // The database is down or restarting (ADR 039): the protocol's retryable answer, not a crash. Whatever
          // the call did is either committed or not at all; its retry (same transaction_uuid) answers the original
          // outcome or makes it, exactly once.
          request.log.warn({ err: error }, "provider wallet call: database unavailable");
          reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
          return send(requestUuid, walletResult("INTERNAL_ERROR"));
        }
      },
    );
  }
};

function readRequestUuid(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const value = (body as { request_uuid?: unknown }).request_uuid;
  return typeof value === "string" && value.length <= 128 ? value : null;
}
