-- One call at a time, each in its own subtransaction (an EXCEPTION block): a
-- call that loses a race is undone alone and answered {"retry": true}.
CREATE OR REPLACE FUNCTION provider_wallet_calls_one_by_one(calls jsonb) RETURNS SETOF jsonb LANGUAGE plpgsql AS $$
DECLARE
  c jsonb;
BEGIN
  FOR c IN SELECT value FROM jsonb_array_elements(calls) LOOP
    BEGIN
      RETURN NEXT provider_wallet_apply(jsonb_build_array(c))->0;
    EXCEPTION WHEN unique_violation OR deadlock_detected THEN
      RETURN NEXT jsonb_build_object('i', c->'i', 'retry', true);
    END;
  END LOOP;
END
$$;
