-- Placeholder for issue #16: KYC documents (helper C). Its part replaces this line with the real SQL.
SELECT 1;
