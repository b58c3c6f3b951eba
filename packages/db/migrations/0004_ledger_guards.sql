-- Ledger rows are never updated or deleted: corrections are reversing
-- transfers. Enforced here, not only by convention, so no code path, script or
-- console session can rewrite money history.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is refused: ledger rows are immutable (post a reversing transfer instead)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_immutable BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_immutable BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- A wallet is the cache of its three accounts: it can never be re-pointed at
-- other accounts, change owner or currency, or disappear with money in it.
CREATE TRIGGER wallets_binding_immutable
  BEFORE UPDATE OF customer_guid, currency_guid, cash_account_guid, bonus_account_guid, deferred_bonus_account_guid
  ON wallets FOR EACH ROW
  WHEN (OLD.customer_guid IS DISTINCT FROM NEW.customer_guid OR OLD.currency_guid IS DISTINCT FROM NEW.currency_guid
        OR OLD.cash_account_guid IS DISTINCT FROM NEW.cash_account_guid
        OR OLD.bonus_account_guid IS DISTINCT FROM NEW.bonus_account_guid
        OR OLD.deferred_bonus_account_guid IS DISTINCT FROM NEW.deferred_bonus_account_guid)
  EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER wallets_no_delete BEFORE DELETE ON wallets
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER wallets_no_truncate BEFORE TRUNCATE ON wallets
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
