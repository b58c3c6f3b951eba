import { z } from "zod";

/**
 * The provider wallet protocol (PROVIDER_WALLET_PROTOCOL.md): how a game
 * provider moves a player's money. POST /api/v1/provider/{provider_code}/wallet/{method},
 * X-Signature = lowercase hex HMAC-SHA256 of the raw body with the provider's secret.
 * Every answer is HTTP 200 with providerWalletResponse (5xx only on a genuine fault).
 */
export const providerWalletStatuses = [
  "OK",
  "INVALID_SIGNATURE",
  "INVALID_REQUEST",
  "UNKNOWN_PROVIDER",
  "INVALID_TOKEN",
  "TOKEN_EXPIRED",
  "INVALID_GAME",
  "WRONG_CURRENCY",
  "NOT_ENOUGH_MONEY",
  "PLAYER_BLOCKED",
  "LIMIT_REACHED",
  "BET_LIMIT_EXCEEDED",
  "DUPLICATE_TRANSACTION",
  "TRANSACTION_NOT_FOUND",
  "TRANSACTION_ROLLED_BACK",
  "ROUND_CLOSED",
  "INTERNAL_ERROR",
] as const;
export const providerWalletStatus = z.enum(providerWalletStatuses);
export type ProviderWalletStatus = z.infer<typeof providerWalletStatus>;

export const providerWalletMethods = ["balance", "bet", "win", "rollback"] as const;
export type ProviderWalletMethod = (typeof providerWalletMethods)[number];

// Ids and codes are opaque to us but never hold control characters: PostgreSQL refuses NUL in text,
// and a refused statement would answer INTERNAL_ERROR, which a provider retries for ever.
const opaque = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^\P{Cc}*$/u, "must not contain control characters");
const providerId = opaque(128);
const amount = z.string().max(64);

const base = z.object({
  request_uuid: providerId,
  /** ISO 8601; more than 5 minutes off the platform clock → INVALID_REQUEST. */
  timestamp: z.iso.datetime({ offset: true }),
  /** The game session token from game_url. */
  token: opaque(256),
  /** The game's external_guid (the provider's own id of the game). */
  game_code: providerId,
});

export const balanceRequest = base;
export const betRequest = base.extend({
  round_id: providerId,
  transaction_uuid: providerId,
  /**
   * Decimal string, > 0, at most the currency's decimals. A free spin (is_free_spin) must carry
   * exactly the free_spin_bet the wallet announces (ADR 032), and moves no money.
   */
  amount,
  currency: opaque(16),
  is_free_spin: z.boolean().default(false),
  round_closed: z.boolean().default(false),
});
/**
 * win and rollback MAY omit `token` (ADR 011, an extension of the protocol): the platform then
 * resolves player, wallet, currency, game and session from the referenced bet of the calling
 * provider, so a provider that keeps only a hash of the token can still pay what is owed. With a
 * token, it must be the bet's session's. balance and bet always need it.
 */
const optionalToken = { token: base.shape.token.optional() };

export const winRequest = base.extend({
  ...optionalToken,
  round_id: providerId,
  transaction_uuid: providerId,
  /** The bet this win pays out. */
  reference_transaction_uuid: providerId,
  /** Decimal string, ≥ 0. */
  amount,
  currency: opaque(16),
  round_closed: z.boolean().default(false),
});
export const rollbackRequest = base.extend({
  ...optionalToken,
  round_id: providerId,
  transaction_uuid: providerId,
  /** The bet to undo. */
  reference_transaction_uuid: providerId,
});
export type BalanceRequest = z.infer<typeof balanceRequest>;
export type BetRequest = z.infer<typeof betRequest>;
export type WinRequest = z.infer<typeof winRequest>;
export type RollbackRequest = z.infer<typeof rollbackRequest>;

export const providerWalletResponse = z
  .object({
    status: providerWalletStatus,
    request_uuid: z.string().nullable(),
    currency: z.string().nullable(),
    /** Cash after the call (also on errors where known), decimal string. */
    balance: z.string().nullable(),
    bonus_balance: z.string().nullable(),
    /**
     * Free rounds (ADR 032), present only while the player's wallet has some set up by a free-spin
     * bonus: spins left, and the stake each must be placed at (is_free_spin bets), a decimal string in
     * the game's currency (null: none announced). Carried by balance, and by bet, win and rollback
     * answers that name the wallet.
     */
    free_spin_count: z.number().int().min(0).optional(),
    free_spin_bet: z.string().nullable().optional(),
  })
  .describe("Provider wallet response");
export type ProviderWalletResponse = z.infer<typeof providerWalletResponse>;
