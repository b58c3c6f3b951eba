-- Placeholder: filled by its issue #16 part (see the journal). A no-op until then.
SELECT 1;
