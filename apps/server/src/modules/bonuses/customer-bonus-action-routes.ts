import type { FastifyInstance } from "fastify";

/** PATCH /bonuses/activate/{guid} and /bonuses/cancel/{guid}: wired once the engine's calls land. */
export function registerCustomerBonusActions(_app: FastifyInstance): void {}
