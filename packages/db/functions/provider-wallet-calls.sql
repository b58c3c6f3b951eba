-- A batch under one commit: all at once when it names each wallet once and
-- nothing races it, else one call at a time (same answers, one subtransaction
-- per call). A batch never outgrows the 64 subtransactions a backend caches.
CREATE OR REPLACE FUNCTION provider_wallet_calls(calls jsonb) RETURNS SETOF jsonb LANGUAGE plpgsql AS $$
DECLARE
  results jsonb;
BEGIN
  IF jsonb_array_length(calls) > 64 THEN
    RAISE EXCEPTION 'a batch holds at most 64 calls, got %', jsonb_array_length(calls);
  END IF;
  IF (SELECT count(DISTINCT value->>'wallet_guid') < count(*) FROM jsonb_array_elements(calls)) THEN
    RETURN QUERY SELECT * FROM provider_wallet_calls_one_by_one(calls);
    RETURN;
  END IF;
  BEGIN
    results := provider_wallet_apply(calls);
  EXCEPTION WHEN unique_violation OR deadlock_detected THEN
    RETURN QUERY SELECT * FROM provider_wallet_calls_one_by_one(calls);
    RETURN;
  END;
  RETURN QUERY SELECT value FROM jsonb_array_elements(results);
END
$$;
