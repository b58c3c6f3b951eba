import { z } from "zod";

// Players in the back office (issue #15, capability 1), under /api/backoffice/v1/players.
// Permissions: "players.read" for the search and the player page, "players.manage" for lock,
// unlock, end sessions and password reset, "players.notes" to add a note.

export const PLAYERS_PAGE_MAX = 100;
export const PLAYER_NOTE_MAX = 2000;
export const PLAYER_LOCK_REASON_MAX = 300;

/** A decimal string as the database keeps money: never a JS number. */
const amount = z.string().regex(/^-?\d+(\.\d+)?$/);
/** An opaque keyset cursor: the next page starts after the row it names. */
const cursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, "must be a cursor this API returned");

export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PLAYERS_PAGE_MAX).default(25),
  cursor: cursor.optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const playerSearchQuery = pageQuery.extend({
  /**
   * Email (contains), first or last name (starts with), full name, phone (contains, digits only
   * compared) or an exact player id. At least 2 characters; absent lists the newest players.
   */
  q: z.string().trim().min(2).max(200).optional(),
});
export type PlayerSearchQuery = z.infer<typeof playerSearchQuery>;

export const playerIdParams = z.object({ id: z.uuid() });

export const playerStatus = z.enum(["active", "locked"]);
export type PlayerStatus = z.infer<typeof playerStatus>;

export const playerSummary = z
  .object({
    id: z.uuid(),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    /** "+44 7700900123", or null. */
    phone: z.string().nullable(),
    country: z.string().nullable(),
    currency: z.string().nullable(),
    status: playerStatus,
    created_at: z.string(),
  })
  .describe("Player (search result)");
export type PlayerSummary = z.infer<typeof playerSummary>;

/** A page of a list: newest first; next_cursor is null on the last page. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable() });

export const playerSearchPage = pageOf(playerSummary);
export type PlayerSearchPage = z.infer<typeof playerSearchPage>;

export const playerProfile = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  gender: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.object({ iso2: z.string(), name: z.string() }).nullable(),
  city: z.string().nullable(),
  post_code: z.string().nullable(),
  address: z.string().nullable(),
  birthday: z.string().nullable(),
  currency: z.string().nullable(),
  status: playerStatus,
  /** Shown to a locked player at login. */
  status_reason: z.string().nullable(),
  email_verified: z.boolean(),
  identity_verified: z.boolean(),
  phone_verified: z.boolean(),
  login_type: z.string(),
  opt_in_promo: z.boolean(),
  // Attribution the player signed up with (issue #19): the affiliate tag and the tracking id.
  b_tag: z.string().nullable().optional(),
  fid: z.string().nullable().optional(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type PlayerProfile = z.infer<typeof playerProfile>;

export const playerWallet = z.object({
  id: z.uuid(),
  currency: z.string(),
  decimals: z.number().int(),
  cash: amount,
  bonus: amount,
  deferred_bonus: amount,
  /** Wagering still required before bonus money converts. */
  wager: amount,
  active: z.boolean(),
  status: z.string(),
});
export type PlayerWallet = z.infer<typeof playerWallet>;

export const playerCounts = z.object({
  deposits: z.number().int(),
  withdrawals: z.number().int(),
  game_transactions: z.number().int(),
  sessions: z.number().int(),
  live_sessions: z.number().int(),
  notes: z.number().int(),
});
export type PlayerCounts = z.infer<typeof playerCounts>;

export const playerDetail = z
  .object({ profile: playerProfile, wallets: z.array(playerWallet), counts: playerCounts })
  .describe("Player page");
export type PlayerDetail = z.infer<typeof playerDetail>;

export const playerPocket = z.enum(["cash", "bonus", "deferred_bonus"]);

export const playerLedgerEntry = z.object({
  id: z.uuid(),
  kind: z.string(),
  currency: z.string(),
  decimals: z.number().int(),
  amount: amount,
  /** The player's pocket the money left or entered (both for a move between their own pockets). */
  pocket: z.string(),
  /** in: the player's balance grew; out: it shrank; internal: between two of the player's pockets. */
  direction: z.enum(["in", "out", "internal"]),
  counterparty: z.string(),
  round_ref: z.string().nullable(),
  payment_id: z.uuid().nullable(),
  game_transaction_id: z.uuid().nullable(),
  bonus_id: z.uuid().nullable(),
  created_at: z.string(),
});
export type PlayerLedgerEntry = z.infer<typeof playerLedgerEntry>;

export const playerPayment = z.object({
  id: z.uuid(),
  number_id: z.number().int(),
  type: z.enum(["deposit", "withdrawal"]),
  status: z.string(),
  amount: amount,
  fee: amount,
  currency: z.string(),
  decimals: z.number().int(),
  payment_system: z.string(),
  method: z.string().nullable(),
  /** "visa •••• 4242" for a card payment; never more of the number. */
  card: z.string().nullable(),
  external_id: z.string().nullable(),
  network: z.string().nullable(),
  external_account: z.string().nullable(),
  is_test: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlayerPayment = z.infer<typeof playerPayment>;

export const playerRound = z.object({
  id: z.uuid(),
  operation: z.enum(["bet", "win", "rollback"]),
  provider: z.string(),
  game_code: z.string(),
  game_name: z.string().nullable(),
  studio: z.string().nullable(),
  round_id: z.string(),
  bet: amount,
  win: amount,
  bonus_bet: amount,
  balance_before: amount,
  balance_after: amount,
  currency: z.string(),
  decimals: z.number().int(),
  round_closed: z.boolean(),
  free_spin: z.boolean(),
  created_at: z.string(),
});
export type PlayerRound = z.infer<typeof playerRound>;

export const playerSession = z.object({
  id: z.uuid(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  platform: z.string().nullable(),
  os: z.string().nullable(),
  browser: z.string().nullable(),
  country: z.string().nullable(),
  started_at: z.string(),
  logged_in_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** logout, terminated, password_changed, password_reset, refresh_reuse, locked, staff; null while live. */
  finish_reason: z.string().nullable(),
  live: z.boolean(),
});
export type PlayerSession = z.infer<typeof playerSession>;

export const playerNote = z.object({
  id: z.string(),
  text: z.string(),
  author_email: z.string(),
  created_at: z.string(),
});
export type PlayerNote = z.infer<typeof playerNote>;

export const playerLedgerPage = pageOf(playerLedgerEntry);
export type PlayerLedgerPage = z.infer<typeof playerLedgerPage>;
export const playerPaymentsPage = pageOf(playerPayment);
export type PlayerPaymentsPage = z.infer<typeof playerPaymentsPage>;
export const playerRoundsPage = pageOf(playerRound);
export type PlayerRoundsPage = z.infer<typeof playerRoundsPage>;
export const playerSessionsPage = pageOf(playerSession);
export type PlayerSessionsPage = z.infer<typeof playerSessionsPage>;
export const playerNotesPage = pageOf(playerNote);
export type PlayerNotesPage = z.infer<typeof playerNotesPage>;

export const lockPlayerBody = z.object({
  /** Shown to the player when they try to log in. */
  reason: z
    .string()
    .trim()
    .min(3)
    .max(PLAYER_LOCK_REASON_MAX)
    .regex(/^[^\r\n]*$/, "must be one line"),
});
export type LockPlayerBody = z.infer<typeof lockPlayerBody>;

/** What a lock or unlock left: changed is false when the player already was in that state. */
export const playerStatusResult = z.object({
  status: playerStatus,
  status_reason: z.string().nullable(),
  changed: z.boolean(),
  sessions_ended: z.number().int(),
});
export type PlayerStatusResult = z.infer<typeof playerStatusResult>;

export const endSessionsResult = z.object({ sessions_ended: z.number().int() });
export type EndSessionsResult = z.infer<typeof endSessionsResult>;

export const passwordResetResult = z.object({ sent_to: z.string() });
export type PasswordResetResult = z.infer<typeof passwordResetResult>;

export const addPlayerNoteBody = z.object({
  text: z.string().trim().min(1).max(PLAYER_NOTE_MAX),
});
export type AddPlayerNoteBody = z.infer<typeof addPlayerNoteBody>;
