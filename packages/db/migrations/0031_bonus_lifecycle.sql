-- Placeholder: filled by the bonus engine work (issue #17).
SELECT 1;
