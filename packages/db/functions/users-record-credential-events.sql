-- Account history (issue #16, ADR 024): one account_events row per password or email change. A
-- trigger, like users_track_credential_changes, so no path that changes either can forget it.
CREATE OR REPLACE FUNCTION users_record_credential_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash THEN
    INSERT INTO account_events (user_guid, kind) VALUES (NEW.guid, 'password_changed');
  END IF;
  IF lower(NEW.email) IS DISTINCT FROM lower(OLD.email) THEN
    INSERT INTO account_events (user_guid, kind) VALUES (NEW.guid, 'email_changed');
  END IF;
  RETURN NULL;
END
$$;
