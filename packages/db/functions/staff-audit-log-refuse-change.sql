-- The audit log is append-only: no code path, script or console session rewrites who did what.
CREATE OR REPLACE FUNCTION staff_audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is refused: the audit log is append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'P0001';
END
$$;
