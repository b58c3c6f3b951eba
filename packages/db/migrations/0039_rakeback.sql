-- Issue #18 (rakeback): replaced by that work.
SELECT 1;
