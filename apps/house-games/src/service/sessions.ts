import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { jurisdictionProfile, parseJurisdiction, type JurisdictionCode, type JurisdictionProfile } from "@croupier/contract/jurisdiction";
import { verifyLaunch } from "@croupier/contract/launch-signature";
import { fractionDigits, toFixedAmount } from "@croupier/contract/money";
import { hashServerSeed, newClientSeed, newServerSeed } from "../fairness/rng.ts";
import { findGame } from "../games/game-catalog.ts";
import { freeSpinsFromAnswer } from "./free-spins.ts";
import { HouseError, walletRefusal } from "./house-error.ts";
import type { HouseContext } from "./house-context.ts";

export type SessionRow = {
  id: string;
  mode: "real" | "demo";
  game_code: string;
  token_hash: string | null;
  /**
   * The platform token, never stored (only its hash is): set for one request by withPlatformToken when
   * the client proved it, null otherwise (background work: wins and rollbacks then go without it).
   */
  token: string | null;
  /** The operator's jurisdiction from the signed launch: every rule of this session reads its profile. */
  jurisdiction: JurisdictionCode;
  /** The platform's pseudonymous player reference (real play), from the signed launch. */
  player_ref: string | null;
  currency: string;
  decimals: number;
  demo_balance: string | null;
  server_seed: string;
  client_seed: string;
  nonce: number;
  previous_server_seed: string | null;
  previous_client_seed: string | null;
  previous_nonce: number | null;
  created_at: string;
};

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const COLUMNS = `id, mode, game_code, token_hash, NULL::text AS token, jurisdiction, player_ref, currency, decimals, demo_balance::text AS demo_balance,
  server_seed, client_seed, nonce, previous_server_seed, previous_client_seed, previous_nonce, created_at::text AS created_at`;

/** The jurisdiction profile a session plays under (a code the launch signed; "none" only if the row predates it). */
export function sessionProfile(session: Pick<SessionRow, "jurisdiction">): JurisdictionProfile {
  return parseJurisdiction(session.jurisdiction) ?? jurisdictionProfile("none");
}

/** The signed launch parameters (ADR 010) as the client passes them on from the launch URL. */
export type LaunchProof = { jurisdiction?: string; player?: string; launchSig?: string };

export type StartSessionInput = { gameCode: string; mode: "real" | "demo"; token?: string; currency?: string } & LaunchProof;

const invalidLaunch = () => new HouseError("INVALID_LAUNCH", "This game link is not valid; open the game again from the lobby.", 401);

/**
 * The jurisdiction (and, in real play, the player) the platform signed into the launch URL. Nothing
 * unsigned is believed: an edited URL (a laxer jurisdiction, another player's reference) is refused.
 */
function verifiedLaunch(ctx: HouseContext, input: StartSessionInput): { jurisdiction: JurisdictionCode; player: string | null } {
  const profile = input.jurisdiction === undefined ? null : parseJurisdiction(input.jurisdiction);
  if (!profile) throw invalidLaunch();
  const real = input.mode === "real";
  const fields = { token: real ? (input.token ?? null) : null, game_code: input.gameCode, jurisdiction: profile.code, player: real ? (input.player ?? null) : null };
  if (real && (!fields.token || !fields.player)) throw invalidLaunch();
  if (!verifyLaunch(ctx.launchSecret, fields, input.launchSig)) throw invalidLaunch();
  return { jurisdiction: profile.code, player: fields.player };
}

/**
 * Opens (or, for the same platform token and game, reopens) a provider
 * session. Real play asks the platform's wallet for the balance with the
 * token first: a token the platform does not know never gets a session.
 * Only the token's hash is stored.
 */
export async function startSession(ctx: HouseContext, input: StartSessionInput) {
  const game = findGame(input.gameCode);
  if (!game) throw new HouseError("GAME_NOT_AVAILABLE", "No such game.", 404);
  const launch = verifiedLaunch(ctx, input);
  const key = randomBytes(32).toString("base64url");
  if (input.mode === "demo") {
    if (!game.canDemo) throw new HouseError("DEMO_NOT_AVAILABLE", "This game has no demo mode.", 422);
    const currency = input.currency ?? "USD";
    const [row] = await ctx.database.query<SessionRow>(
      `INSERT INTO house.sessions (key_hash, mode, game_code, currency, decimals, demo_balance, server_seed, client_seed, jurisdiction)
       VALUES ($1, 'demo', $2, $3, 2, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [sha256(key), game.code, currency, ctx.config.demoStartBalance, newServerSeed(), newClientSeed(), launch.jurisdiction],
    );
    return { key, session: row!, balance: { balance: toFixedAmount(row!.demo_balance!, row!.decimals, "trunc"), bonus_balance: "0.00", currency, free_spins: null } };
  }
  const token = input.token!;
  const answer = await ctx.wallet.balance({ token, game_code: game.code });
  if (answer.status !== "OK" || !answer.balance || !answer.currency) throw walletRefusal(answer.status);
  const decimals = fractionDigits(answer.balance);
  // One session per token and game: a reopened tab gets the same seeds, nonce and pending round, with a new key.
  const [row] = await ctx.database.query<SessionRow>(
    `INSERT INTO house.sessions (key_hash, mode, game_code, token_hash, currency, decimals, server_seed, client_seed, jurisdiction, player_ref)
     VALUES ($1, 'real', $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (token_hash, game_code) DO UPDATE SET key_hash = EXCLUDED.key_hash, jurisdiction = EXCLUDED.jurisdiction, player_ref = EXCLUDED.player_ref
     RETURNING ${COLUMNS}`,
    [sha256(key), game.code, sha256(token), answer.currency, decimals, newServerSeed(), newClientSeed(), launch.jurisdiction, launch.player],
  );
  return {
    key,
    session: { ...row!, token },
    balance: { balance: answer.balance, bonus_balance: answer.bonus_balance ?? "0", currency: answer.currency, free_spins: freeSpinsFromAnswer(answer) },
  };
}

/**
 * The session with this request's platform token attached when the client sent it (X-Platform-Token)
 * and it hashes to the session's token_hash (compared in constant time). A token that does not match is
 * refused; none at all leaves the session without one (calls that move money then refuse).
 */
export function withPlatformToken(session: SessionRow, presented: string | undefined): SessionRow {
  if (presented === undefined || session.mode !== "real") return session;
  if (presented.length === 0 || presented.length > 256 || !session.token_hash) throw new HouseError("INVALID_TOKEN", "The game session is not valid; reopen the game.", 401);
  const stored = Buffer.from(session.token_hash, "hex");
  const given = createHash("sha256").update(presented).digest();
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) throw new HouseError("INVALID_TOKEN", "The game session is not valid; reopen the game.", 401);
  return { ...session, token: presented };
}

/** The platform token of a real-money request; refused when the client did not prove it. */
export function platformToken(session: SessionRow): string {
  if (!session.token) throw new HouseError("INVALID_TOKEN", "The game session is not valid; reopen the game.", 401);
  return session.token;
}

export async function findSessionByKey(ctx: HouseContext, key: string | undefined): Promise<SessionRow> {
  if (!key || key.length > 100) throw new HouseError("UNAUTHORIZED", "No game session.", 401);
  const [row] = await ctx.database.query<SessionRow>(`SELECT ${COLUMNS} FROM house.sessions WHERE key_hash = $1`, [sha256(key)]);
  if (!row) throw new HouseError("UNAUTHORIZED", "Unknown game session.", 401);
  return row;
}

export async function loadSession(ctx: HouseContext, id: string): Promise<SessionRow> {
  const [row] = await ctx.database.query<SessionRow>(`SELECT ${COLUMNS} FROM house.sessions WHERE id = $1`, [id]);
  if (!row) throw new HouseError("UNAUTHORIZED", "Unknown game session.", 401);
  return row;
}

/** The session's balance; free_spins is the platform's free-spin state (null in demo or when it sent none). */
export type SessionBalance = { currency: string; balance: string; bonus_balance: string; free_spins: { count: number; bet: string | null } | null };

export async function sessionBalance(ctx: HouseContext, session: SessionRow): Promise<SessionBalance> {
  if (session.mode === "demo") return { currency: session.currency, balance: toFixedAmount(session.demo_balance!, session.decimals, "trunc"), bonus_balance: "0.00", free_spins: null };
  const answer = await ctx.wallet.balance({ token: platformToken(session), game_code: session.game_code });
  if (answer.status !== "OK" || answer.balance === null) throw walletRefusal(answer.status);
  return { currency: answer.currency ?? session.currency, balance: answer.balance, bonus_balance: answer.bonus_balance ?? "0", free_spins: freeSpinsFromAnswer(answer) };
}

export function fairnessView(session: SessionRow) {
  return {
    server_seed_hash: hashServerSeed(session.server_seed),
    client_seed: session.client_seed,
    nonce: session.nonce,
    previous: session.previous_server_seed
      ? {
          server_seed: session.previous_server_seed,
          server_seed_hash: hashServerSeed(session.previous_server_seed),
          client_seed: session.previous_client_seed,
          last_nonce: (session.previous_nonce ?? 1) - 1,
        }
      : null,
  };
}

async function assertNoPendingRound(ctx: HouseContext, session: SessionRow) {
  const [pending] = await ctx.database.query<{ id: string }>(
    "SELECT id FROM house.rounds WHERE session_id = $1 AND status IN ('open', 'in_progress', 'bet_placed') LIMIT 1",
    [session.id],
  );
  if (pending) throw new HouseError("ROUND_IN_PROGRESS", "Finish the current round first.", 409, { round_id: pending.id });
}

export async function setClientSeed(ctx: HouseContext, session: SessionRow, clientSeed: string) {
  await assertNoPendingRound(ctx, session);
  const [row] = await ctx.database.query<SessionRow>(`UPDATE house.sessions SET client_seed = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [session.id, clientSeed]);
  return fairnessView(row!);
}

/** Reveals the current server seed and commits to a fresh one; the nonce restarts. */
export async function rotateSeeds(ctx: HouseContext, session: SessionRow, clientSeed?: string) {
  await assertNoPendingRound(ctx, session);
  const [row] = await ctx.database.query<SessionRow>(
    `UPDATE house.sessions SET previous_server_seed = server_seed, previous_client_seed = client_seed, previous_nonce = nonce,
            server_seed = $2, client_seed = $3, nonce = 0
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [session.id, newServerSeed(), clientSeed ?? session.client_seed],
  );
  return fairnessView(row!);
}
