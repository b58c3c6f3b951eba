// Issue #18: filled in by the segments work (placeholder so the schema index can list it).
export {};
