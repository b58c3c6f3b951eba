-- Withdrawal review's risk signals (issue #15, ADR 018): when a player's password or email last
-- changed. A trigger rather than a line in each identity service, so no path that changes either
-- (reset, profile change, a future one) can forget to stamp it.
CREATE OR REPLACE FUNCTION users_track_credential_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash THEN
    NEW.password_changed_at := now();
  END IF;
  IF lower(NEW.email) IS DISTINCT FROM lower(OLD.email) THEN
    NEW.email_changed_at := now();
  END IF;
  RETURN NEW;
END
$$;
