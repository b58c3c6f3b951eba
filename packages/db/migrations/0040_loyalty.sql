-- Issue #18 (loyalty): replaced by that work.
SELECT 1;
