-- Issue #18 (segments): replaced by that work.
SELECT 1;
