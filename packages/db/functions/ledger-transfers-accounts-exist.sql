-- Both accounts of every transfer exist, in the transfer's currency, checked once per
-- statement. The composite foreign keys this replaces checked row by row and took a
-- FOR KEY SHARE lock on each account row: the house account of a provider and currency
-- was locked (and its page dirtied, a WAL record written) by every bet and win of every
-- player. No lock is needed: ledger_accounts rows can be neither updated nor deleted
-- (ledger_accounts_immutable, migration 0004), so an account seen once stays.
-- The SET clauses keep the cached plan on index lookups whatever the table's size was
-- when it was made (transition tables have no statistics).
CREATE OR REPLACE FUNCTION ledger_transfers_accounts_exist() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  culprit record;
BEGIN
  SELECT t.idempotency_key INTO culprit
    FROM inserted t
   WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a
                      WHERE a.guid = t.debit_account_guid AND a.currency_guid = t.currency_guid)
      OR NOT EXISTS (SELECT 1 FROM ledger_accounts a
                      WHERE a.guid = t.credit_account_guid AND a.currency_guid = t.currency_guid)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transfer % names an account that does not exist in its currency', culprit.idempotency_key
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
