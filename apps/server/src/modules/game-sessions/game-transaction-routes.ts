import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listEnvelope } from "@croupier/contract/envelope";
import { gameTransaction, gameTransactionsQuery } from "@croupier/contract/entities/game-transaction";
import { list } from "../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../lib/request-auth.ts";
import { listGameTransactions } from "./list-game-transactions.ts";

/** GET /games/game-transaction: a player's own game history. */
export const gameTransactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/games/game-transaction",
    {
      preHandler: requirePlayer,
      schema: {
        tags: ["games"],
        summary: "The player's game transactions (bets, wins, rollbacks), newest first",
        security: [{ bearerAuth: [] }],
        querystring: gameTransactionsQuery,
        response: { 200: listEnvelope(gameTransaction) },
      },
    },
    async (request) => {
      const { items, pager } = await listGameTransactions(app.database.db, playerId(request), request.query);
      return list(request, items, pager);
    },
  );
};
