// Issue #18: filled in by the rakeback work (placeholder so the schema index can list it).
export {};
