// Issue #18: filled in by the loyalty work (placeholder so the schema index can list it).
export {};
