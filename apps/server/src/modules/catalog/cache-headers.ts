import type { FastifyReply } from "fastify";

// Catalogue data changes when staff edit it or an import runs: a minute of
// caching (and serving a stale copy while revalidating) keeps a CDN and the
// browser useful without hiding an edit for long.
export const PUBLIC_CATALOG_CACHE = "public, max-age=60, stale-while-revalidate=300";
// Answers that carry a player's favourites must never be stored by a shared cache.
export const PLAYER_CACHE = "private, no-store";

/** Public for visitors; private for a logged-in player, whose answer carries is_favorite. */
export function setCatalogCache(reply: FastifyReply, playerSpecific: boolean): void {
  reply.header("cache-control", playerSpecific ? PLAYER_CACHE : PUBLIC_CATALOG_CACHE);
  reply.header("vary", "Authorization");
}
