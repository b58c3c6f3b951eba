import type { EdgeGame } from "@croupier/contract/entities/game";
import type { Provider } from "@croupier/contract/entities/provider";
import type { DeviceType, Tag } from "@croupier/contract/entities/tag";

// The lobby's view of the contract's entities (packages/contract entities/*): guid and name are
// always there; the rest is optional because the lobby builds tags of its own (Favorites, All
// games) and pages trim games to what a tile renders. Types only: no zod in the bundle.

/** The fields of the Tag entity the lobby reads. */
export type CatalogTag = Pick<Tag, "guid" | "name"> &
  Partial<
    Pick<
      Tag,
      | "type"
      | "ordering"
      | "tag_icon_url"
      | "category_hex"
      | "device_types"
      | "system_tags"
      | "show_as_category"
      | "show_as_label"
      | "show_in_top"
      | "show_in_slots_section"
      | "show_in_live_section"
      | "count"
    >
  >;

/** The fields of the Provider entity the lobby reads. */
export type CatalogProvider = Pick<Provider, "guid" | "name"> & Partial<Pick<Provider, "icon" | "ordering" | "count" | "device_types" | "system_tags">>;

/** An edge-sync game, trimmed to what a tile needs (the payload is embedded in the HTML). */
export type CatalogGame = Pick<EdgeGame, "guid" | "game_name"> &
  Partial<Pick<EdgeGame, "external_guid" | "game_icon" | "provider" | "provider_guid" | "system_tag_guid" | "label">>;

/** deferred: the server's page left this row's games out (firstPaintRows); the browser fetches the page again. */
export type LobbyEntry = { tag: CatalogTag; games: CatalogGame[]; deferred?: true };

export type LobbySection = "home" | "live" | "slots";
export type DeviceKind = DeviceType;

/** What a filter segment named: a tag (including the synthetic ones) or a studio. */
export type LobbyFilter = { kind: "tag"; tag: CatalogTag } | { kind: "provider"; provider: CatalogProvider };
