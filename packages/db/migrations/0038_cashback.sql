-- Issue #18 (cashback): replaced by that work.
SELECT 1;
