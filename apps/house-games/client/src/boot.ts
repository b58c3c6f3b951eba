/**
 * The boot object the provider injects into index.html (client-api.md §1). Opened straight from
 * the Vite dev server there is none, so the address is read the same way.
 */
export type PlayBoot = {
  page: "play";
  game_code: string;
  mode: "real" | "demo";
  token: string | null;
  lang: string;
  exit_url: string | null;
  currency: string | null;
  api_base: string;
  /** The launch the platform signed (ADR 010): passed on to the provider, which checks it. */
  jurisdiction: string | null;
  player: string | null;
  launch_sig: string | null;
  /** The player's highest slot stake in the play currency (the platform's jurisdiction limit); null: none. */
  max_stake: string | null;
};

export type VerifyBoot = { page: "verify"; api_base: string; params: Record<string, string> };

export type Boot = PlayBoot | VerifyBoot | { page: "unknown"; api_base: string };

const DEFAULT_API = "/house/api";

function str(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** A plain non-negative decimal, or null (anything else is ignored). */
function plainAmount(value: string | null): string | null {
  return value !== null && /^\d{1,12}(\.\d{1,18})?$/.test(value) ? value : null;
}

export function parseBoot(json: string | null, location: { pathname: string; search: string }): Boot {
  let raw: Record<string, unknown> = {};
  if (json) {
    try {
      const parsed: unknown = JSON.parse(json);
      if (parsed && typeof parsed === "object") raw = parsed as Record<string, unknown>;
    } catch {
      raw = {};
    }
  }
  const query = new URLSearchParams(location.search);
  const apiBase = str(raw.api_base) ?? DEFAULT_API;
  const playMatch = /\/house\/play\/([^/]+)\/?$/.exec(location.pathname);
  const page = str(raw.page) ?? (playMatch ? "play" : /\/house\/verify\/?$/.test(location.pathname) ? "verify" : "unknown");

  if (page === "verify") {
    const params: Record<string, string> = {};
    for (const [k, v] of query) params[k] = v.slice(0, 200);
    if (raw.params && typeof raw.params === "object") {
      for (const [k, v] of Object.entries(raw.params as Record<string, unknown>)) if (typeof v === "string" || typeof v === "number") params[k] = String(v);
    }
    return { page: "verify", api_base: apiBase, params };
  }
  if (page === "play") {
    const gameCode = str(raw.game_code) ?? (playMatch ? decodeURIComponent(playMatch[1]!) : null);
    if (!gameCode) return { page: "unknown", api_base: apiBase };
    const mode = (str(raw.mode) ?? query.get("mode")) === "demo" ? "demo" : "real";
    return {
      page: "play",
      game_code: gameCode,
      mode,
      token: str(raw.token) ?? query.get("token"),
      lang: str(raw.lang) ?? query.get("lang") ?? "en",
      exit_url: str(raw.exit_url) ?? query.get("exit_url"),
      currency: str(raw.currency) ?? query.get("currency"),
      api_base: apiBase,
      jurisdiction: str(raw.jurisdiction) ?? query.get("jurisdiction"),
      player: str(raw.player) ?? query.get("player"),
      launch_sig: str(raw.launch_sig) ?? query.get("launch_sig"),
      max_stake: plainAmount(str(raw.max_stake) ?? query.get("max_stake")),
    };
  }
  return { page: "unknown", api_base: apiBase };
}

export function readBoot(): Boot {
  const json = document.getElementById("house-boot")?.textContent ?? null;
  return parseBoot(json, window.location);
}
