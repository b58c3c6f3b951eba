-- Placeholder for issue #16: exclusions completion and reality check (helper B). Its part replaces this line with the real SQL.
SELECT 1;
