-- One row per wallet call (issue #20, ADR 040): game_transactions takes over provider_transactions.
-- An accepted bet, win or rollback wrote a game transaction AND a provider transaction (its
-- idempotency claim and state); now the game transaction is the claim. What only the provider
-- transaction held moves into new columns: the bet's state (accepted -> rolled_back), the call's
-- fingerprint, the bet's wagering contribution and customer bonus, and the bonus balance answered.
-- The rest is already there: the amount (bet_sum of a bet, win of a win or rollback), a bet's bonus
-- part (bonus_bet) and so its cash part (none for a free spin), the cash balance answered
-- (balance_after, a total, minus bonus_balance_after). The data move below checks each of those
-- equalities on every row it moves and stops the migration (undoing it) if one fails, rather than
-- answer a replay or refund an old bet differently.
--
-- A key claimed without money (a tombstone: a rollback arrived before its bet; or a rollback that
-- refunded nothing) is a row here too, so ONE unique index, game_transactions_provider_tradeid_uq,
-- is the key space of bets, wins, rollbacks and tombstones: a bet racing its tombstone waits on the
-- index and loses, exactly as on the former primary key. Such a row is not a game transaction:
-- operation 'tombstone' or 'void_rollback', no player (user_guid NULL, so every reader that selects
-- by player never sees it), no session, no amounts (the CHECK below holds that shape).
ALTER TABLE "game_transactions" ADD COLUMN "status" varchar(16) DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD COLUMN "fingerprint" varchar(1200);--> statement-breakpoint
ALTER TABLE "game_transactions" ADD COLUMN "wager_contribution" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "game_transactions" ADD COLUMN "customer_bonus_guid" uuid;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD COLUMN "bonus_balance_after" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "game_transactions" ALTER COLUMN "user_guid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_transactions" ALTER COLUMN "wallet_guid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_transactions" ALTER COLUMN "currency_guid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_transactions" ALTER COLUMN "game_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_transactions" ALTER COLUMN "session_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_transactions" ALTER COLUMN "betid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_transactions" ALTER COLUMN "balance_before" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_transactions" ALTER COLUMN "balance_after" DROP NOT NULL;--> statement-breakpoint
-- Every provider transaction of a game transaction must be derivable from the merged row.
DO $$
DECLARE
  mismatched bigint;
BEGIN
  SELECT count(*) INTO mismatched
    FROM provider_transactions p JOIN game_transactions g ON g.guid = p.game_transaction_guid
   WHERE g.provider_code IS DISTINCT FROM p.provider_code OR g.tradeid IS DISTINCT FROM p.transaction_uuid
      OR g.operation IS DISTINCT FROM p.method OR g.wallet_guid IS DISTINCT FROM p.wallet_guid
      OR g.freespin IS DISTINCT FROM p.free_spin
      OR p.amount IS DISTINCT FROM CASE WHEN g.operation = 'bet' THEN g.bet_sum ELSE g.win END
      OR p.balance_after IS DISTINCT FROM g.balance_after - p.bonus_balance_after
      OR (g.operation = 'bet' AND (p.bonus_amount IS DISTINCT FROM g.bonus_bet
          OR p.cash_amount IS DISTINCT FROM CASE WHEN g.freespin THEN 0 ELSE g.bet_sum - g.bonus_bet END));
  IF mismatched > 0 THEN
    RAISE EXCEPTION '% provider transactions disagree with their game transactions; nothing was changed', mismatched;
  END IF;
  IF EXISTS (SELECT 1 FROM provider_transactions p
              WHERE p.game_transaction_guid IS NULL AND p.method NOT IN ('tombstone', 'rollback')) THEN
    RAISE EXCEPTION 'a bet or win without a game transaction cannot be moved; nothing was changed';
  END IF;
END
$$;--> statement-breakpoint
UPDATE "game_transactions" g
   SET status = p.status, fingerprint = p.fingerprint, wager_contribution = p.wager_contribution,
       customer_bonus_guid = p.customer_bonus_guid, bonus_balance_after = p.bonus_balance_after,
       updated_at = GREATEST(g.updated_at, p.updated_at)
  FROM provider_transactions p
 WHERE p.game_transaction_guid = g.guid;--> statement-breakpoint
-- The keys claimed without money. balance_after is the total answered, as for game transactions.
INSERT INTO "game_transactions" (user_guid, wallet_guid, currency_guid, provider_code, game_code, game_guid, operation,
                                 bet_sum, win, bonus_bet, balance_before, balance_after, bonus_balance_after, session_id,
                                 tradeid, betid, isbet, finish, freespin, info, status, fingerprint, created_at, updated_at)
SELECT NULL, p.wallet_guid, NULL, p.provider_code, NULL, NULL,
       CASE p.method WHEN 'tombstone' THEN 'tombstone' ELSE 'void_rollback' END,
       0, 0, 0, NULL, p.balance_after + p.bonus_balance_after, p.bonus_balance_after, NULL,
       p.transaction_uuid, p.round_id, false, false, p.free_spin,
       CASE WHEN p.reference_uuid IS NULL THEN '{}'::jsonb
            ELSE jsonb_build_object('reference_transaction_uuid', p.reference_uuid) END,
       p.status, p.fingerprint, p.created_at, p.updated_at
  FROM provider_transactions p
 WHERE p.game_transaction_guid IS NULL
 ORDER BY p.created_at, p.provider_code, p.transaction_uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "game_transactions_provider_tradeid_uq" ON "game_transactions" USING btree ("provider_code","tradeid");--> statement-breakpoint
ALTER TABLE "game_transactions" ADD CONSTRAINT "game_transactions_status_known"
  CHECK ("status" IN ('accepted', 'rolled_back', 'tombstone'));--> statement-breakpoint
-- A game transaction names its player, wallet, currency, game, session and balances; a claimed key
-- without money names no player and moves nothing.
ALTER TABLE "game_transactions" ADD CONSTRAINT "game_transactions_row_shape" CHECK (
  CASE WHEN "operation" IN ('bet', 'win', 'rollback')
       THEN "user_guid" IS NOT NULL AND "wallet_guid" IS NOT NULL AND "currency_guid" IS NOT NULL
            AND "game_code" IS NOT NULL AND "session_id" IS NOT NULL AND "betid" IS NOT NULL
            AND "balance_before" IS NOT NULL AND "balance_after" IS NOT NULL AND "status" <> 'tombstone'
       WHEN "operation" IN ('tombstone', 'void_rollback')
       THEN "user_guid" IS NULL AND "session_id" IS NULL AND "bet_sum" = 0 AND "win" = 0 AND "bonus_bet" = 0
            AND ("operation" = 'tombstone') = ("status" = 'tombstone')
       ELSE false END);--> statement-breakpoint
DROP TABLE "provider_transactions";
