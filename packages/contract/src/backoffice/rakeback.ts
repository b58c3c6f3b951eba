import { z } from "zod";
import { decimalString } from "../entities/currency.ts";
import { rakebackPayout } from "../entities/rakeback.ts";

/**
 * Back office: rakeback per player and campaign (issue #18, ADR 035), permission bonuses.manage.
 * Read-only (the money moves only by the player's claim), so nothing here is audited as a change.
 *
 *   GET /api/backoffice/v1/rakeback/balances   rakebackStaffQuery → listEnvelope(rakebackStaffBalance)
 *   GET /api/backoffice/v1/rakeback/accruals   rakebackStaffQuery → listEnvelope(rakebackStaffAccrual)
 *   GET /api/backoffice/v1/rakeback/claims     rakebackStaffQuery → listEnvelope(rakebackStaffClaim)
 */

export const RAKEBACK_STAFF_PER_PAGE_MAX = 100;

const timestamp = z.string().max(40);

export const rakebackStaffQuery = z
  .object({
    player_guid: z.uuid().optional(),
    /** The campaign (bonus_guid). */
    bonus_guid: z.uuid().optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(RAKEBACK_STAFF_PER_PAGE_MAX).default(25),
  })
  .strict();
export type RakebackStaffQuery = z.input<typeof rakebackStaffQuery>;

export const rakebackStaffBalance = z.object({
  wallet_guid: z.uuid(),
  player_guid: z.uuid(),
  email: z.string().max(320).nullable(),
  currency: z.string().max(16),
  /** Unrounded running totals (accrued can fall below claimed after a rollback of a claimed bet). */
  accrued: decimalString,
  claimed: decimalString,
  available: decimalString,
  bonus_guid: z.uuid().nullable(),
  bonus_name: z.string().max(120).nullable(),
  last_accrual_at: timestamp.nullable(),
  last_claim_at: timestamp.nullable(),
});
export type RakebackStaffBalance = z.infer<typeof rakebackStaffBalance>;

export const rakebackStaffAccrual = z.object({
  game_transaction_guid: z.uuid(),
  player_guid: z.uuid(),
  currency: z.string().max(16),
  bonus_guid: z.uuid(),
  bonus_name: z.string().max(120).nullable(),
  game_class: z.enum(["slots", "live"]),
  stake: decimalString,
  percent: decimalString,
  amount: decimalString,
  reversed: z.boolean(),
  bet_at: timestamp,
  created_at: timestamp,
});
export type RakebackStaffAccrual = z.infer<typeof rakebackStaffAccrual>;

export const rakebackStaffClaim = z.object({
  guid: z.uuid(),
  player_guid: z.uuid(),
  wallet_guid: z.uuid(),
  currency: z.string().max(16),
  amount: decimalString,
  payout: rakebackPayout,
  bonus_guid: z.uuid(),
  bonus_name: z.string().max(120).nullable(),
  customer_bonus_guid: z.uuid().nullable(),
  ledger_transfer_guid: z.uuid().nullable(),
  created_at: timestamp,
});
export type RakebackStaffClaim = z.infer<typeof rakebackStaffClaim>;
