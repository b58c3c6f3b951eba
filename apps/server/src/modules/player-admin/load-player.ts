import { sql } from "drizzle-orm";
import type { PlayerDetail } from "@croupier/contract/backoffice/players";
import { notFound } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { cursorTime } from "./keyset-cursor.ts";
import { formatPhone } from "./format-phone.ts";

type ProfileRow = {
  guid: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  gender: string | null;
  phone_code: string | null;
  phone_number: string | null;
  country_iso2: string | null;
  country_name: string | null;
  city: string | null;
  post_code: string | null;
  address: string | null;
  birthday: string | null;
  currency: string | null;
  status: "active" | "locked";
  status_reason: string | null;
  email_verified: boolean;
  is_verified: boolean;
  is_phone_verified: boolean;
  login_type: string;
  opt_in_promo: boolean;
  b_tag: string | null;
  fid: string | null;
  created_at: string;
  last_login_at: string | null;
};

type WalletRow = {
  guid: string;
  currency: string;
  decimals: number;
  cash: string;
  bonus: string;
  deferred_bonus: string;
  wager: string;
  is_active: boolean;
  status: string;
};

type CountsRow = {
  deposits: number;
  withdrawals: number;
  game_transactions: number;
  sessions: number;
  live_sessions: number;
  notes: number;
};

/** GET /players/:id: the player page's header (profile, wallets, counts). Viewing it is audited. */
export async function loadPlayer(db: SqlExecutor, actor: AuditActor, playerId: string): Promise<PlayerDetail> {
  const [profile] = await queryRows<ProfileRow>(
    db,
    sql`
      SELECT u.guid, u.email, u.first_name, u.last_name, u.gender, u.phone_code, u.phone_number,
             co.iso2 AS country_iso2, co.country AS country_name, u.city, u.post_code, u.address,
             to_char(u.birthday AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS birthday, cu.code AS currency,
             u.status, u.status_reason, u.email_approved_at IS NOT NULL AS email_verified, u.is_verified,
             u.is_phone_verified, u.login_type, u.opt_in_promo, u.b_tag,
             (SELECT a.fid FROM player_attribution a WHERE a.user_guid = u.guid) AS fid, ${cursorTime(sql`u.created_at`)} AS created_at,
             (SELECT ${cursorTime(sql`max(s.logged_in_at)`)} FROM sessions s WHERE s.user_guid = u.guid) AS last_login_at
        FROM users u
        LEFT JOIN countries co ON co.guid = u.country_guid
        LEFT JOIN currencies cu ON cu.guid = u.currency_guid
       WHERE u.guid = ${playerId}`,
  );
  if (!profile) throw notFound("No player with this id.");

  const wallets = await queryRows<WalletRow>(
    db,
    sql`
      SELECT w.guid, c.code AS currency, c.decimals, trim_scale(w.balance)::text AS cash,
             trim_scale(w.bonus_balance)::text AS bonus, trim_scale(w.deferred_bonus_balance)::text AS deferred_bonus,
             trim_scale(w.wager)::text AS wager, w.is_active, w.status
        FROM wallets w JOIN currencies c ON c.guid = w.currency_guid
       WHERE w.customer_guid = ${playerId}
       ORDER BY w.is_active DESC, c.code`,
  );

  const [counts] = await queryRows<CountsRow>(
    db,
    sql`
      SELECT
        (SELECT count(*)::int FROM payments p WHERE p.customer_guid = ${playerId}
            AND p.transaction_type = 'deposit' AND p.status = 'successful') AS deposits,
        (SELECT count(*)::int FROM payments p WHERE p.customer_guid = ${playerId}
            AND p.transaction_type = 'withdrawal' AND p.status = 'successful') AS withdrawals,
        (SELECT count(*)::int FROM game_transactions g WHERE g.user_guid = ${playerId}) AS game_transactions,
        (SELECT count(*)::int FROM sessions s WHERE s.user_guid = ${playerId}) AS sessions,
        (SELECT count(*)::int FROM sessions s WHERE s.user_guid = ${playerId}
            AND s.finished_at IS NULL AND s.refresh_expires_at > now()) AS live_sessions,
        (SELECT count(*)::int FROM player_notes n WHERE n.player_guid = ${playerId}) AS notes`,
  );

  await recordAudit(db, actor, { action: "player.view", playerId, targetType: "player", targetId: playerId });

  return {
    profile: {
      id: profile.guid,
      email: profile.email,
      first_name: profile.first_name,
      last_name: profile.last_name,
      gender: profile.gender,
      phone: formatPhone(profile.phone_code, profile.phone_number),
      country: profile.country_iso2
        ? { iso2: profile.country_iso2, name: profile.country_name ?? profile.country_iso2 }
        : null,
      city: profile.city,
      post_code: profile.post_code,
      address: profile.address,
      birthday: profile.birthday,
      currency: profile.currency,
      status: profile.status,
      status_reason: profile.status_reason,
      email_verified: profile.email_verified,
      identity_verified: profile.is_verified,
      phone_verified: profile.is_phone_verified,
      login_type: profile.login_type,
      opt_in_promo: profile.opt_in_promo,
      b_tag: profile.b_tag,
      fid: profile.fid,
      created_at: profile.created_at,
      last_login_at: profile.last_login_at,
    },
    wallets: wallets.map((w) => ({
      id: w.guid,
      currency: w.currency,
      decimals: Number(w.decimals),
      cash: w.cash,
      bonus: w.bonus,
      deferred_bonus: w.deferred_bonus,
      wager: w.wager,
      active: w.is_active,
      status: w.status,
    })),
    counts: {
      deposits: Number(counts?.deposits ?? 0),
      withdrawals: Number(counts?.withdrawals ?? 0),
      game_transactions: Number(counts?.game_transactions ?? 0),
      sessions: Number(counts?.sessions ?? 0),
      live_sessions: Number(counts?.live_sessions ?? 0),
      notes: Number(counts?.notes ?? 0),
    },
  };
}
