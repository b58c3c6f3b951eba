import { sql } from "drizzle-orm";
import type { AdminGame } from "@croupier/contract/backoffice/catalog-admin";

/** The select list of an AdminGame, on games g joined with providers p (the studio) and tags s (the section). */
export const ADMIN_GAME_COLUMNS = sql`g.guid, g.external_guid, g.game_name, g.game_icon, g.game_provider,
  p.guid AS studio_guid, p.name AS studio_name, p.is_enabled AS studio_enabled,
  g.system_tag_guid, s.name AS section, g.game_status, g.game_ordering,
  ARRAY(SELECT gt.tag_guid FROM game_tags gt JOIN tags t ON t.guid = gt.tag_guid
         WHERE gt.game_guid = g.guid ORDER BY t.ordering, t.name) AS tag_guids,
  (g.game_status = 'active' AND p.is_enabled) AS visible,
  (g.status_before_provider_off IS NOT NULL) AS provider_switched_off, g.can_freespins, g.updated_at`;

export const ADMIN_GAME_FROM = sql`games g JOIN providers p ON p.guid = g.provider_guid JOIN tags s ON s.guid = g.system_tag_guid`;

export function toAdminGame(row: Record<string, unknown>): AdminGame {
  const r = row as AdminGame & { updated_at: Date | string; tag_guids: string[] | string };
  return { ...r, tag_guids: pgArray(r.tag_guids), updated_at: new Date(r.updated_at).toISOString() };
}

/** PGlite and pg both parse uuid[]; an unparsed literal ("{a,b}") is handled too. */
function pgArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, "");
  return inner ? inner.split(",") : [];
}
