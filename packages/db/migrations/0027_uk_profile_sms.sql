-- Placeholder for issue #16: UK profile, SMS gateway and SMS login (helper E). Its part replaces this line with the real SQL.
SELECT 1;
