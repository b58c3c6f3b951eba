import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  rakebackBalance,
  rakebackClaim,
  rakebackClaimInput,
  rakebackClaimsQuery,
} from "@croupier/contract/entities/rakeback";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import { list, ok } from "../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../lib/request-auth.ts";
import { idempotencyKeyOf } from "../payments/idempotency.ts";
import { claimRakeback } from "./claim-rakeback.ts";
import { listRakebackBalances } from "./list-rakeback-balances.ts";
import { listRakebackClaims } from "./list-rakeback-claims.ts";

const tags = ["bonuses"];
const security = [{ bearerAuth: [] }];
const noQuery = z.object({});
const idempotencyHeader = z.object({ "idempotency-key": z.string().max(128).optional() }).loose();

/** Player: rakeback balance, claims and the claim itself (issue #18, ADR 035; not in the seed). */
export const rakebackRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/bonuses/rakeback",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "The player's rakeback per wallet: available, totals, last claim and the running campaign's rates",
        description:
          "One row per wallet that has rakeback or a rakeback campaign running for its currency, the active wallet first. Amounts are truncated to the currency's decimals. Accrual runs off the bet path every few seconds, so a stake shows up shortly after it was placed.",
        querystring: noQuery,
        response: { 200: listEnvelope(rakebackBalance) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const items = await listRakebackBalances(db, playerId(request));
      return list(request, items, { page: 1, per_page: Math.max(items.length, 1), total: items.length });
    },
  );

  app.get(
    "/bonuses/rakeback/claims",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "The player's rakeback claims, newest first",
        querystring: rakebackClaimsQuery,
        response: { 200: listEnvelope(rakebackClaim) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const { items, pager } = await listRakebackClaims(db, {
        playerGuid: playerId(request),
        page: request.query.page,
        perPage: request.query.per_page,
      });
      return list(request, items, pager);
    },
  );

  app.post(
    "/bonuses/rakeback/claim",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Claim all available rakeback of one wallet, paid as cash or as a bonus per the campaign",
        description:
          "Idempotent by the Idempotency-Key header or body.claim_guid: a repeat answers the first claim (the same key for another wallet is 409). Without either, a second submit finds nothing left: 409 CONFLICT. 403 during a time-out or self-exclusion or on a blocked wallet; 404 for a wallet that is not the player's; 409 when a bonus payout is refused (the reason is in the message).",
        headers: idempotencyHeader,
        body: rakebackClaimInput,
        response: { 200: okEnvelope(rakebackClaim) },
      },
    },
    async (request) => {
      const header = idempotencyKeyOf(request);
      const requestKey = header ?? (request.body.claim_guid ? `claim:${request.body.claim_guid}` : null);
      const claim = await claimRakeback(db, { playerGuid: playerId(request), walletGuid: request.body.wallet_guid, requestKey });
      return ok(request, claim);
    },
  );
};
