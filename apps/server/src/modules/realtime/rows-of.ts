// node-postgres and PGlite both answer Drizzle's execute() with an object carrying `rows`.
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
