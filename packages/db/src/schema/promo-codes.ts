// Issue #18: filled in by the promo-codes work (placeholder so the schema index can list it).
export {};
