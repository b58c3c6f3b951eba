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
  show_in_slots_section?: boolean;
  show_in_live_section?: boolean;
  count?: number;
};

export type CatalogGame = {
  guid: string;
  external_guid?: string;
  game_name: string;
  game_icon?: string | null;
  provider?: string;
  provider_guid?: string;
  label?: string | null;
};

export type LobbyEntry = { tag: CatalogTag; games: CatalogGame[] };

export type LobbySection = "home" | "live" | "slots";
export type DeviceKind = "mobile" | "desktop";
