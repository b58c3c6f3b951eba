-- Account history (issue #16, ADR 024): one account_events row per password, email or phone number
-- change and phone verification. A trigger, like users_track_credential_changes, so no path that
-- changes one can forget it.
CREATE OR REPLACE FUNCTION users_record_credential_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash THEN
    INSERT INTO account_events (user_guid, kind) VALUES (NEW.guid, 'password_changed');
  END IF;
  IF lower(NEW.email) IS DISTINCT FROM lower(OLD.email) THEN
    INSERT INTO account_events (user_guid, kind) VALUES (NEW.guid, 'email_changed');
  END IF;
  IF (NEW.phone_code, NEW.phone_number) IS DISTINCT FROM (OLD.phone_code, OLD.phone_number) THEN
    INSERT INTO account_events (user_guid, kind) VALUES (NEW.guid, 'phone_changed');
  END IF;
  IF NEW.is_phone_verified AND NOT OLD.is_phone_verified THEN
    INSERT INTO account_events (user_guid, kind) VALUES (NEW.guid, 'phone_verified');
  END IF;
  RETURN NULL;
END
$$;
