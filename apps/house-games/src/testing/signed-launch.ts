import { randomUUID } from "node:crypto";
import type { JurisdictionCode } from "@croupier/contract/jurisdiction";
import { playerReference, signLaunch } from "@croupier/contract/launch-signature";

/**
 * Test support: the launch parameters the platform signs into a game URL (ADR 010), as the game client
 * passes them on to POST /house/api/sessions. `playerGuid` is the platform's customer guid; tests that do
 * not care get a fresh one (a new player per launch).
 */
export function signedLaunch(
  secret: string,
  launch: { gameCode: string; token?: string | null; jurisdiction?: JurisdictionCode; playerGuid?: string },
): { jurisdiction: JurisdictionCode; player?: string; launch_sig: string } {
  const jurisdiction = launch.jurisdiction ?? "none";
  const token = launch.token ?? null;
  const player = token ? playerReference(secret, launch.playerGuid ?? randomUUID()) : null;
  const launch_sig = signLaunch(secret, { token, game_code: launch.gameCode, jurisdiction, player });
  return { jurisdiction, ...(player ? { player } : {}), launch_sig };
}

/**
 * Wraps a test's POST /house/api/sessions and session calls like the game client does: opening a session
 * adds the signed launch when the body has none; every call of a real session presents its platform token
 * (X-Platform-Token), which the provider never stores.
 */
export function launchingClient(
  secret: string,
  options: { jurisdiction?: JurisdictionCode; playerOf?: (token: string) => string | undefined } = {},
) {
  const tokens = new Map<string, string>();
  return {
    /** The body for POST /house/api/sessions with the launch signed (unless the test set its own launch_sig). */
    sessionBody(payload: Record<string, unknown>): Record<string, unknown> {
      if (payload.launch_sig !== undefined || typeof payload.game_code !== "string") return payload;
      const token = payload.mode === "real" && typeof payload.token === "string" ? payload.token : null;
      return {
        ...payload,
        ...signedLaunch(secret, {
          gameCode: payload.game_code,
          token,
          // A test may name the jurisdiction in the body: it is signed as the platform would.
          jurisdiction: (payload.jurisdiction as JurisdictionCode | undefined) ?? options.jurisdiction,
          playerGuid: token ? options.playerOf?.(token) : undefined,
        }),
      };
    },
    /** Remembers which token opened which session key. */
    opened(payload: unknown, answer: { payload?: Record<string, unknown> }) {
      const token = (payload as { token?: unknown } | undefined)?.token;
      const key = answer.payload?.session_key;
      if (typeof token === "string" && typeof key === "string") tokens.set(key, token);
    },
    /** Headers of a session call: the key, and the platform token of a real session. */
    headers(key: string | undefined): Record<string, string> {
      if (!key) return {};
      const token = tokens.get(key);
      return { authorization: `Bearer ${key}`, ...(token ? { "x-platform-token": token } : {}) };
    },
  };
}
