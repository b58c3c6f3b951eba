/** The fields of the Tag entity the lobby reads (full schema: packages/contract entities/tag). */
export type CatalogTag = {
  guid: string;
  name: string;
  type?: string;
  ordering?: number;
  tag_icon_url?: string | null;
  category_hex?: string | null;
  device_types?: string[];
  system_tags?: string[];
  show_as_category?: boolean;
  show_as_label?: boolean;
  show_in_top?: boolean;
  show_in_slots_section?: boolean;
  show_in_live_section?: boolean;
  count?: number;
};

/** The fields of the Provider entity the lobby reads (packages/contract entities/provider). */
export type CatalogProvider = {
  guid: string;
  name: string;
  icon?: string | null;
  ordering?: number;
  count?: number;
  device_types?: string[];
  system_tags?: string[];
};

/** An edge-sync game, trimmed to what a tile needs (the payload is embedded in the HTML). */
export type CatalogGame = {
  guid: string;
  external_guid?: string;
  game_name: string;
  game_icon?: string | null;
  provider?: string;
  provider_guid?: string;
  system_tag_guid?: string;
  label?: string | null;
};

export type LobbyEntry = { tag: CatalogTag; games: CatalogGame[] };

export type LobbySection = "home" | "live" | "slots";
export type DeviceKind = "mobile" | "desktop";

/** What a filter segment named: a tag (including the synthetic ones) or a studio. */
export type LobbyFilter = { kind: "tag"; tag: CatalogTag } | { kind: "provider"; provider: CatalogProvider };
