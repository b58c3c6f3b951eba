-- Staff notes on a player are a record, like the audit log: a note is never edited or removed,
-- a correction is a new note. Enforced here so no code path or console session can rewrite one.
CREATE OR REPLACE FUNCTION player_notes_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is refused: player notes are append-only (add a new note instead)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'P0001';
END
$$;
