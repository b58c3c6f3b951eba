-- Placeholder for issue #16: limits (helper A). Its part replaces this line with the real SQL.
SELECT 1;
