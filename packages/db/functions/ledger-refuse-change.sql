-- Ledger rows are never updated or deleted: corrections are reversing
-- transfers. Enforced here, not only by convention, so no code path, script or
-- console session can rewrite money history.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is refused: ledger rows are immutable (post a reversing transfer instead)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'P0001';
END
$$;
