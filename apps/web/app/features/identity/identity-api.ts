import { ResponseError } from "@croupier/contract/api-client";
import { clientAuth } from "../../lib/client-auth";
import { sessionApi } from "../../lib/player-api";
import { clearTokens, handOverRefreshToken, readTokens, writeTokens } from "./token-store";
import { createTokenLifecycle, type TokenLifecycle, type Tokens } from "./token-lifecycle";

let lifecycle: TokenLifecycle | undefined;

/**
 * Tabs of one browser share one refresh cookie, and a refresh token works once: two tabs loading
 * at the same moment would both present it and the loser would end the session as a replay.
 * The Web Locks API runs one tab's refresh at a time, so the next tab presents the rotated cookie.
 */
async function oneTabAtATime<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return run();
  return await locks.request("croupier.session-refresh", run);
}

/** The tab's token lifecycle, wired to the in-memory store and to the app's auth state (browser only). */
export function getTokenLifecycle(): TokenLifecycle {
  if (lifecycle) return lifecycle;
  const sessions = sessionApi();
  const created = createTokenLifecycle({
    read: readTokens,
    write: writeTokens,
    clear: clearTokens,
    handOver: handOverRefreshToken,
    // {} asks the server to use the HttpOnly cookie; a handed-over token goes in the body once.
    updateSession: (refresh_token) =>
      oneTabAtATime(async () => {
        const body = refresh_token ? { refresh_token } : {};
        return (await sessions.post<Tokens>("/api/v1/session/update", { body, credentials: "same-origin" })).payload;
      }),
    createSession: async () => (await sessions.post<Tokens>("/api/v1/session/create", { credentials: "same-origin" })).payload,
    onAuth: ({ authenticated, userId }) => clientAuth.set(authenticated, userId),
  });
  clientAuth.registerSession({ accessToken: created.getAccessToken, unauthorized: created.unauthorized });
  lifecycle = created;
  return created;
}

/** The server's message for a failed call, or 'Unexpected error' when there was no answer. */
export function errorMessage(error: unknown): string {
  if (error instanceof ResponseError) return error.payload.message || "Unexpected error";
  return "Unexpected error";
}

/** Field errors keyed by field name without the "body."/"query." prefix. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ResponseError)) return {};
  const out: Record<string, string> = {};
  for (const { field, message } of error.fields) {
    const key = field.replace(/^(body|query|params)\./, "");
    out[key] = out[key] ? `${out[key]} ${message}` : message;
  }
  return out;
}
