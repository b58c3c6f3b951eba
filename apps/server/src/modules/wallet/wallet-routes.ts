import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import { freespinState, wallet, walletGuidInput, walletQuery, walletsQuery } from "@croupier/contract/entities/wallet";
import { badRequest } from "../../lib/app-error.ts";
import { list, ok } from "../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../lib/request-auth.ts";
import { activateWallet } from "./activate-wallet.ts";
import { getFreespinState } from "./get-freespin-state.ts";
import { getOrCreateWallet } from "./get-or-create-wallet.ts";
import { listWallets } from "./list-wallets.ts";

/** Billing wallet calls (contract §7 Billing). Players only; another player's wallet is a 404. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", requirePlayer);

  app.get(
    "/billing/wallets",
    {
      schema: {
        tags: ["billing"],
        summary: "The player's wallets (the product asks for page 1, per_page 10000)",
        security: [{ bearerAuth: [] }],
        querystring: walletsQuery,
        response: { 200: listEnvelope(wallet) },
      },
    },
    async (request) => {
      const { items, pager } = await listWallets(app.database.db, {
        playerGuid: playerId(request),
        page: request.query.page,
        perPage: request.query.per_page,
      });
      return list(request, items, pager);
    },
  );

  app.get(
    "/billing/wallet",
    {
      schema: {
        tags: ["billing"],
        summary: "The wallet in a currency, created if absent; set_active=true makes it the active one",
        security: [{ bearerAuth: [] }],
        querystring: walletQuery,
        response: { 200: okEnvelope(wallet) },
      },
    },
    async (request) =>
      ok(
        request,
        await getOrCreateWallet(app.database.db, {
          playerGuid: playerId(request),
          currencyGuid: request.query.currency_guid,
          setActive: request.query.set_active === "true",
        }),
      ),
  );

  app.patch(
    "/billing/wallet/activate",
    {
      schema: {
        tags: ["billing"],
        summary: "Make a wallet the active one (wallet_guid in the query or the body)",
        security: [{ bearerAuth: [] }],
        querystring: walletGuidInput.partial(),
        body: walletGuidInput.partial().nullish(),
        response: { 200: okEnvelope(wallet) },
      },
    },
    async (request) => {
      const walletGuid = request.query.wallet_guid ?? request.body?.wallet_guid;
      if (!walletGuid) {
        throw badRequest("wallet_guid is required.", [{ field: "query.wallet_guid", message: "is required" }]);
      }
      return ok(request, await activateWallet(app.database.db, { playerGuid: playerId(request), walletGuid }));
    },
  );

  app.get(
    "/billing/wallet/freespins",
    {
      schema: {
        tags: ["billing"],
        summary: "Free-spin state of a wallet",
        security: [{ bearerAuth: [] }],
        querystring: walletGuidInput,
        response: { 200: okEnvelope(freespinState) },
      },
    },
    async (request) =>
      ok(request, await getFreespinState(app.database.db, { playerGuid: playerId(request), walletGuid: request.query.wallet_guid })),
  );
};
