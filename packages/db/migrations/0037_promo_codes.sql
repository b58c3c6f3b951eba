-- Issue #18 (promo_codes): replaced by that work.
SELECT 1;
