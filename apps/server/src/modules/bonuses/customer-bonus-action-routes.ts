import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CANCEL_BONUS_CONFIRMATION, customerBonus, customerBonusGuidParams } from "@croupier/contract/entities/bonus";
import { okEnvelope } from "@croupier/contract/envelope";
import { ok } from "../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../lib/request-auth.ts";
import { activateCustomerBonus } from "./engine/activate-customer-bonus.ts";
import { cancelCustomerBonus } from "./engine/cancel-customer-bonus.ts";
import { getCustomerBonus } from "./get-customer-bonus.ts";

const tags = ["bonuses"];
const security = [{ bearerAuth: [] }];

/**
 * PATCH /bonuses/activate/{guid} and /bonuses/cancel/{guid} (guid = the player's customer bonus).
 * The engine does the work in its own transaction and checks ownership (another player's bonus is a
 * 404, like an unknown one); the answer is the bonus as it is afterwards.
 */
export function registerCustomerBonusActions(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  routes.patch(
    "/bonuses/activate/:guid",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Activate one of the player's offered bonuses",
        description:
          "409 CONFLICT when another bonus is active on the same wallet, or when the bonus is no longer offered (activated, finished, or its activation time ran out). 404 for an unknown or another player's bonus.",
        params: customerBonusGuidParams,
        response: { 200: okEnvelope(customerBonus) },
      },
    },
    async (request) => {
      const playerGuid = playerId(request);
      await activateCustomerBonus(db, { playerGuid, customerBonusGuid: request.params.guid, actor: "player" });
      return ok(request, await getCustomerBonus(db, { playerGuid, customerBonusGuid: request.params.guid }));
    },
  );

  routes.patch(
    "/bonuses/cancel/:guid",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Cancel one of the player's offered or active bonuses",
        description: `The player app confirms first: "${CANCEL_BONUS_CONFIRMATION}" Bonus money and its winnings are forfeited (forfeited_amount); cash is never touched. 409 CONFLICT when the bonus already ended; 404 for an unknown or another player's bonus.`,
        params: customerBonusGuidParams,
        response: { 200: okEnvelope(customerBonus) },
      },
    },
    async (request) => {
      const playerGuid = playerId(request);
      await cancelCustomerBonus(db, { playerGuid, customerBonusGuid: request.params.guid, actor: "player" });
      return ok(request, await getCustomerBonus(db, { playerGuid, customerBonusGuid: request.params.guid }));
    },
  );
}
