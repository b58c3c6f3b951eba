import type { FastifyReply, FastifyRequest } from "fastify";
import type { GamesPage } from "./list-games.ts";

/**
 * Sends a page of games in the list envelope. The games' JSON was checked
 * against the response schema when it was made (list-games.ts) and is kept per
 * catalogue version, so it is written as it is rather than checked and
 * serialised again for every request: that was most of a warm page's CPU.
 * The text is what the schema's serialiser would produce, key for key (a test pins it).
 */
export function sendGameList(request: FastifyRequest, reply: FastifyReply, page: GamesPage): FastifyReply {
  return sendOkJson(request, reply, `[${page.json.join(",")}]`, page.pager);
}

/** Sends a payload already serialised by its response schema (game lists, getPageContentJson) in the ok envelope. */
export function sendOkJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payloadJson: string,
  metadata: Record<string, unknown> = {},
): FastifyReply {
  const meta = JSON.stringify({ request_id: request.id, ...metadata });
  return reply
    .type("application/json; charset=utf-8")
    .send(`{"status":"ok","payload":${payloadJson},"metadata":${meta}}`);
}
