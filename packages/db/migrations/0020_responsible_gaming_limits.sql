-- Intentionally empty: this placeholder shipped as a no-op and may already be applied, so its
-- content went into a later migration (0023 limits, 0025 KYC documents) instead.
SELECT 1;
