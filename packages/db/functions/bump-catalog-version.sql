-- BEFORE each statement, so a writer takes this row's lock before any catalogue
-- row lock: writers queue in one order and cannot deadlock on it.
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1;
  RETURN NULL;
END $$;
