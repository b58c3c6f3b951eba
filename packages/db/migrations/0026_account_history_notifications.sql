-- Placeholder for issue #16: account history and notifications (helper D). Its part replaces this line with the real SQL.
SELECT 1;
