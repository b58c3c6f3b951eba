// Issue #18: filled in by the cashback work (placeholder so the schema index can list it).
export {};
