import type {
  BlackjackAction,
  Fairness,
  FreeSpins,
  GameDefinition,
  GameSummary,
  LiveBetPlaced,
  LiveTable,
  PublicRound,
  Round,
  Session,
  VerifyResult,
} from "./types.ts";

/** An error answer of the provider API: the stable code decides the UI, the message is shown as written. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

type Envelope = { status: "ok" | "error"; payload: unknown };

const TIMEOUT_MS = 15_000;

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * getPlatformToken: the platform's game session token from the launch URL (real play). The provider keeps
 * only its hash, so every session call presents it (X-Platform-Token); it lives in memory only.
 */
export function createApiClient(base: string, getKey: () => string | null = () => null, getPlatformToken: () => string | null = () => null) {
  async function call<T>(method: string, path: string, body?: unknown, auth = true): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    const key = auth ? getKey() : null;
    if (key) headers.authorization = `Bearer ${key}`;
    const platformToken = key ? getPlatformToken() : null;
    if (platformToken) headers["x-platform-token"] = platformToken;
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new ApiError(0, "NETWORK", "The game server cannot be reached. Check your connection and try again.");
    }
    let envelope: Envelope | null = null;
    try {
      envelope = (await response.json()) as Envelope;
    } catch {
      envelope = null;
    }
    if (response.ok && envelope?.status === "ok") return envelope.payload as T;
    const payload = (envelope?.payload ?? {}) as { code?: string; message?: string; retry_after_ms?: number };
    throw new ApiError(
      response.status,
      payload.code ?? `HTTP_${response.status}`,
      payload.message ?? "The game server could not complete the request.",
      typeof payload.retry_after_ms === "number" ? payload.retry_after_ms : null,
    );
  }

  const code = (gameCode: string) => encodeURIComponent(gameCode);

  return {
    games: () => call<GameSummary[]>("GET", "/games", undefined, false),
    game: (gameCode: string) => call<GameDefinition>("GET", `/games/${code(gameCode)}`, undefined, false),
    openSession: (body: {
      game_code: string;
      mode: "real" | "demo";
      token?: string;
      currency?: string;
      lang?: string;
      jurisdiction?: string;
      player?: string;
      launch_sig?: string;
    }) =>
      call<Session>("POST", "/sessions", body, false),
    session: () => call<Session>("GET", "/session"),
    balance: () => call<{ currency: string; balance: string; bonus_balance: string; free_spins: FreeSpins }>("GET", "/balance"),
    fairness: () => call<Fairness>("GET", "/fairness"),
    setClientSeed: (clientSeed: string) => call<Fairness>("PUT", "/fairness/client-seed", { client_seed: clientSeed }),
    rotateSeeds: () => call<Fairness>("POST", "/fairness/rotate", {}),
    play: (body: { stake: string; is_free_spin?: boolean; autoplay?: boolean; client_request_id: string; params: unknown }) =>
      call<Round>("POST", "/rounds", body),
    act: (roundId: string, action: BlackjackAction) =>
      call<Round>("POST", `/rounds/${encodeURIComponent(roundId)}/actions`, { action }),
    round: (roundId: string) => call<Round>("GET", `/rounds/${encodeURIComponent(roundId)}`),
    rounds: (limit = 20) => call<Round[]>("GET", `/rounds?limit=${limit}`),
    verify: (body: { game_code: string; server_seed: string; client_seed: string; nonce: number; params?: unknown; actions?: string[] }) =>
      call<VerifyResult>("POST", "/verify", body, false),
    publicRound: (roundId: string) => call<PublicRound>("GET", `/verify/rounds/${encodeURIComponent(roundId)}`, undefined, false),
    liveTable: (gameCode: string) => call<LiveTable>("GET", `/live/${code(gameCode)}`, undefined, false),
    sit: (gameCode: string) => call<LiveTable>("POST", `/live/${code(gameCode)}/seat`),
    leave: (gameCode: string) => call<unknown>("DELETE", `/live/${code(gameCode)}/seat`),
    liveBet: (gameCode: string, body: { round_id: string; bets: unknown[] }) =>
      call<LiveBetPlaced>("POST", `/live/${code(gameCode)}/bets`, body),
    liveEventsUrl: (gameCode: string) => {
      const key = getKey();
      return `${base}/live/${code(gameCode)}/events${key ? `?session_key=${encodeURIComponent(key)}` : ""}`;
    },
  };
}

/** Idempotency id for a round request (crypto RNG: no Math.random anywhere near money). */
export function requestId(): string {
  return crypto.randomUUID();
}
