-- Placeholder for issue #19: path rules, attribution (fid) and feature targeting. Its part replaces this line.
SELECT 1;
